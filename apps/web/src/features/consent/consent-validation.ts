/** Consent modal e-mail rules (spec section 5): required, must contain an at sign, trimmed before saving. */
export function consentEmailError(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Please enter your email address';
  if (!trimmed.includes('@')) return 'Please enter a valid email address';
  return null;
}
