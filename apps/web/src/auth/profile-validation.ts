/** Profile form rules shared by the complete-profile and settings pages. */
export function companyError(company: string): string | null {
  const trimmed = company.trim();
  if (!trimmed) return 'Please enter your company or institution';
  if (trimmed.length > 200) return 'Company must be less than 200 characters';
  return null;
}

/** Optional; when given, an http(s) address on linkedin.com. */
export function linkedinError(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  try {
    const parsed = new URL(trimmed);
    const host = parsed.hostname.toLowerCase();
    if ((parsed.protocol === 'https:' || parsed.protocol === 'http:') && (host === 'linkedin.com' || host.endsWith('.linkedin.com'))) return null;
  } catch {
    // Not a URL at all: same message.
  }
  return 'Please enter a valid LinkedIn profile URL (https://www.linkedin.com/in/...)';
}
