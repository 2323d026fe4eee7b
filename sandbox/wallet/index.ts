/** The wallet stand-ins: Google Wallet's save page with a test service account, and Apple's test signing chain. */
export { googleWalletSandboxAccount, type GoogleWalletTestAccount } from './google-account';
export { googleWalletSaveSandbox } from './google-wallet-save';
export { appleTestChain, APPLE_TEST_CHAIN_FILE, type AppleTestChain } from './apple-chain';
export { SAVE_PATH as GOOGLE_WALLET_SAVE_PATH } from './google-wallet-save';
