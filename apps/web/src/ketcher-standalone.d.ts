// ketcher-standalone exports its build with Indigo as a separate WebAssembly file under this path but
// declares types for its main entry only; the provider is the same class.
declare module 'ketcher-standalone/dist/binaryWasm' {
  export { StandaloneStructServiceProvider } from 'ketcher-standalone';
}
