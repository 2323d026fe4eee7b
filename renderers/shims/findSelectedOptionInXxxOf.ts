// One module per rjsf file replaced (its default export): renderers/shims/xxxOfOptions.ts says why.
export { findSelectedOptionInXxxOf as default } from './xxxOfOptions';
