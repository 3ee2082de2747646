/** The cookie better-auth keeps the session in (its prefix is ours: `molsearch`). */
export const SESSION_COOKIE_MARK = 'molsearch.session_token';

/** The API key a request presents: X-API-Key, or an `Authorization: Bearer ck_...` header. */
export function presentedApiKey(headers: Headers): string | undefined {
  const header = headers.get('x-api-key');
  if (header !== null) return header.trim();
  const authorization = headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i);
  return bearer ? bearer[1]!.trim() : undefined;
}

export function carriesSessionCookie(headers: Headers): boolean {
  return headers.get('cookie')?.includes(SESSION_COOKIE_MARK) ?? false;
}
