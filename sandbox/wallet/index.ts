/** The wallet stand-ins: Google Wallet's save page and REST API with a test service account, Apple's test signing chain and APNs. */
export { googleWalletSandboxAccount, type GoogleWalletTestAccount } from './google-account';
export { googleWalletSaveSandbox } from './google-wallet-save';
export { appleTestChain, APPLE_TEST_CHAIN_FILE, type AppleTestChain } from './apple-chain';
export { SAVE_PATH as GOOGLE_WALLET_SAVE_PATH } from './google-wallet-save';
export { googleWalletApiSandbox, GOOGLE_WALLET_API_PATH, GOOGLE_WALLET_TOKEN_PATH } from './google-wallet-api';
export { GoogleWalletObjects } from './google-wallet-objects';
export { apnsSandbox, type ApnsSandbox, type RecordedPush } from './apns';
