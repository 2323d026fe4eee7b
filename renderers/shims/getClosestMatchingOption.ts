// One module per rjsf file replaced (its default export): renderers/shims/xxxOfOptions.ts says why.
export { getClosestMatchingOption as default } from './xxxOfOptions';
