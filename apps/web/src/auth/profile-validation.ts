/** Profile form rules shared by the complete-profile and settings pages. */
export function companyError(company: string): string | null {
  const trimmed = company.trim();
  if (!trimmed) return 'Please enter your company or institution';
  if (trimmed.length > 200) return 'Company must be less than 200 characters';
  return null;
}

/** Optional; when given, an https address on linkedin.com (the server's rule: https://[xx.]linkedin.com/...). */
const LINKEDIN_URL = /^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/\S+$/;

export function linkedinError(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed || LINKEDIN_URL.test(trimmed)) return null;
  return 'Please enter a valid LinkedIn profile URL (https://www.linkedin.com/in/...)';
}
