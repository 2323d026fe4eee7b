/** The zxing decoder's WebAssembly, served from our own origin (offline, and within the page's CSP). */
export { default as ZXING_WASM_URL } from 'zxing-wasm/reader/zxing_reader.wasm?url';
