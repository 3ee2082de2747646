/**
 * Reads what the auth server put in the return URL. The auth library signals failures with `error`
 * (and sometimes `error_description`) in the query or the hash; the texts are the spec's auth-return errors.
 */
export function authReturnError(search: string, hash: string): { message: string; code: string } | null {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const error = query.get('error') ?? fragment.get('error');
  if (!error) return null;
  const description = query.get('error_description') ?? fragment.get('error_description');
  return { message: description || 'Error in URL with unspecified error_description', code: error };
}
