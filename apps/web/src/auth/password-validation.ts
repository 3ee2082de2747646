/** New-password rule shared by sign-up, password reset and the settings page (the server's minimum). */
export const MIN_PASSWORD_LENGTH = 8;

export function newPasswordError(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters` : null;
}
