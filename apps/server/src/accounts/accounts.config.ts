/** Sign-in, e-mail and OAuth settings; every OAuth provider and SMTP is optional. */
export interface AccountsConfig {
  /** Signs session cookies and tokens; when absent one is generated and kept in `<dataDir>/auth-secret`. */
  secret: string | undefined;
  /** The address users reach the product at (links in e-mails, OAuth callbacks); defaults to http://localhost:<port>. */
  publicUrl: string | undefined;
  /** Further origins allowed to make cookie-authenticated changes (the public URL's origin always is). */
  trustedOrigins: string[];
  smtp: SmtpConfig | undefined;
  google: OidcProviderConfig | undefined;
  linkedin: OidcProviderConfig | undefined;
  /** Sign-in attempts per e-mail address and per client address within a minute. */
  signInAttemptsPerMinute: number;
}

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
  from: string;
}

export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}
