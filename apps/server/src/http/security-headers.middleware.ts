import { secureHeaders } from 'hono/secure-headers';

/**
 * The Content-Security-Policy the web app (the Ketcher editor included) runs under; the browser tests run
 * with it and fail on any violation. Scripts load only from this origin, never inline. The editor needs
 * 'unsafe-eval': its bundle compiles code from strings at start-up (a JSON-schema validator and a keyword
 * matcher) and its chemistry engine from WebAssembly, which runs in a worker script of this origin. React
 * and the editor set inline styles; drawings are data: and blob: images.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'data:', 'blob:'],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer (API, web app, errors): the CSP above, no framing, no MIME sniffing,
 * referrers only within the site, and no access to devices the product never uses.
 */
export function securityHeaders() {
  return secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
    xContentTypeOptions: 'nosniff',
    // Browsers honour it only over https; other services on subdomains are not ours to pin.
    strictTransportSecurity: 'max-age=15552000',
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      displayCapture: [],
    },
  });
}
