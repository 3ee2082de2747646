/** Line breaks, tabs and other control characters, which a one-line field of a text file cannot hold. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_RUN = /[\u0000-\u001f\u007f]+/g;

/** `text` with every run of control characters (newlines, tabs, ...) written as one space. */
export function singleLine(text: string): string {
  return text.replace(CONTROL_RUN, ' ');
}
