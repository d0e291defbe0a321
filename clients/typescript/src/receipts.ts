/**
 * Verification of signed roll receipts: the place for it.
 *
 * The live-feed issue adds Ed25519-signed receipts for rolls; its `verifyReceipt(receipt, publicKey)`
 * belongs in this file and is exported from the package through `src/index.ts`, which already
 * re-exports everything here. Until then this module exports nothing.
 */
export {};
