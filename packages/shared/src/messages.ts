/**
 * Every user-visible message the server and the client share, worded exactly as the product
 * specification gives them. Keys double as i18n keys on the web (`messages.<key>`), so a server
 * message can be translated by looking its key up (see `messageKey`).
 */
export const messages = {
  // spec §5: validation
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  nameInvalid: 'Name can only contain letters and spaces',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  roleInvalid: 'Invalid role selected',
  roleRequired: 'Role is required',
  // spec §8: session and auth
  sessionExpired: 'Session expired. Please log in again.',
  noRefreshToken: 'No refresh token found',
  refreshFailed: 'Failed to refresh token',
  loginInvalidResponse: 'Login failed: Invalid response',
  loginFailedDefault: 'An error occurred during login',
  registrationInvalidResponse: 'Registration failed: Invalid response',
  registrationFailedDefault: 'An error occurred during registration',
  // our own wording where the spec is silent (decisions in docs/decisions)
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  adminSelfRegistration: 'Administrator accounts cannot be created by registration',
  unauthenticated: 'Authentication required',
  forbidden: 'You do not have permission to perform this action',
  notFound: 'Not found',
  validationFailed: 'Invalid request',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Content-Type must be application/json',
  csrfRejected: 'Cross-site request rejected',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyLoginAttempts: 'Too many sign-in attempts. Please try again later.',
  internalError: 'Something went wrong. Please try again.',
  serviceUnavailable: 'Service unavailable',
  forgotPasswordSent: 'If an account exists for that email, a password reset link has been sent.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  resetTokenRequired: 'Reset token is required',
  loggedOut: 'Logged out',
  // spec §8: vault and wallets
  vaultInvalidCreationResponse: 'Invalid vault creation response',
  vaultCreateFailed: 'Failed to create vault',
  vaultInfoFailed: 'Failed to get vault information',
  vaultConnectionFailed: 'Failed to test Fireblocks connection',
  vaultUsersFailed: 'Failed to get users vault status',
  walletsLoadFailed: 'Failed to load wallets.',
  // our own wording for the vault where the spec is silent
  vaultAlreadyExists: 'You already have a vault',
  vaultCreationInProgress: 'Your vault is being created. Please wait a moment.',
  vaultRequired: 'Create your vault first',
  webhookSignatureInvalid: 'Invalid webhook signature',
  // spec §2: KYC sync
  kycSynced: 'KYC data synced',
  // our own wording for KYC where the spec is silent
  kycNotStarted: 'KYC verification has not been started yet',
  kycPending: 'KYC verification is still under review',
  kycRejected: 'KYC verification was not approved. Please try again.',
  kycRejectedFinal: 'KYC verification was rejected',
  kycProviderUnavailable: 'The verification service is unavailable. Please try again later.',
  kycApplicantIdRequired: 'Applicant ID is required',
  kycAccessTokenInvalid: 'The verification session has expired',
  kycFirstNameRequired: 'First name is required',
  kycLastNameRequired: 'Last name is required',
  kycNameTooLong: 'Names must be at most 100 characters',
  kycNameInvalid: 'Names can only contain letters, spaces, hyphens and apostrophes',
  kycDobRequired: 'Date of birth is required',
  kycDobInvalid: 'Please enter a valid date of birth',
  kycTooYoung: 'You must be at least 18 years old',
  kycCountryRequired: 'Country is required',
  kycCountryInvalid: 'Please select a country from the list',
  kycDocumentTypeRequired: 'Please select a document type',
  kycDocumentNumberRequired: 'Document number is required',
  kycDocumentNumberInvalid: 'Document numbers can only contain letters, digits, spaces and hyphens',
  kycDocumentRequired: 'Please upload a photo or scan of your document',
  kycDocumentTooLarge: 'The document must be at most 5 MB',
  kycDocumentUnsupported: 'Please upload a JPEG, PNG or PDF file',
  kycDocumentUnreadable: 'The document could not be read',
  kycAlreadySubmitted: 'Your documents have already been submitted',
  kycFinalRejection: 'Your verification was rejected and cannot be retried',
  kycAlreadyVerified: 'Your identity is already verified',
  kycNotAwaitingReview: 'This applicant is not awaiting review',
  kycReasonRequired: 'A rejection reason is required',
  kycReasonTooLong: 'The reason must be at most 500 characters',
  // our own wording for IPFS documents and the chain explorer
  ipfsIntegrityFailed: 'This document failed its integrity check and was not served',
  ipfsFormatUnsupported: 'Only format=raw is supported',
  explorerInvalidTxHash: 'Not a transaction hash',
  explorerInvalidAddress: 'Not an address',
  explorerTxNotFound: 'Transaction not found',
  // spec §2: DID tab
  didGenerated: 'DID generated successfully!',
  // our own wording for DIDs and credentials where the spec is silent
  didKeyOnly: 'Only did:key DIDs with an Ed25519 key can be resolved',
  didRequired: 'Create your DID first',
  credentialNotAnObject: 'The credential must be a JSON object',
  credentialCidInvalid: 'Not a valid CID',
  credentialOrCidRequired: 'Provide either a credential or a CID',
  credentialNotFound: 'Credential not found',
  credentialNotJson: 'This document is not a JSON credential',
  credentialMalformed: 'This is not a well-formed verifiable credential',
  credentialNotVerified: 'The credential could not be verified',
  // spec §5, §8: soul-bound token
  sbtSelectDesign: 'Please select an SBT design first.',
  sbtImagesUnavailable: 'Image options are not available yet. Please try again in a moment.',
  sbtCreated: 'SBT created successfully!',
  sbtOnlyOne: 'You can only create one SBT per account.',
  sbtAlreadyHave:
    'You already have an SBT in your account. Each user can only have one Soul Bound Token to maintain uniqueness and authenticity.',
  sbtLimitNotice: 'You have reached the limit of 1 SBT per account',
  sbtUnknownDesign: 'This SBT design does not exist.',
  sbtNotFound: 'SBT not found',
  sbtMintStarted: 'Minting started',
  sbtAlreadyMinted: 'This SBT is already minted.',
  sbtMinting: 'This SBT is being minted.',
  sbtMintFailed: 'Minting failed. Please try again.',
  sbtLoadImagesFailed: 'Failed to load images',
  sbtCreateFailed: 'Failed to create SBT',
  sbtVcUnavailable: 'VC data not available yet.',
  sbtVcLoadFailed: 'Failed to load VC metadata.',
  // spec §5, §8: marketplace and purchase
  marketplaceFetchFailed: 'Failed to fetch marketplace tokens',
  noAuthToken: 'No authentication token found',
  purchaseFailed: 'Purchase failed',
  purchaseMissingInfo: 'Missing required information. Please ensure you have a DID and wallet configured.',
  purchaseAmountPositive: 'Amount must be greater than 0',
  purchaseTooMany: 'Cannot purchase more than {{tokenAmount}} tokens available in this listing',
  purchaseSuccessTitle: 'Purchase Successful!',
  purchaseSuccessText:
    'Your token purchase has been completed and a Verifiable Credential has been generated.',
  // our own wording for the marketplace, issuers and purchases where the spec is silent
  purchaseListingNotFound: 'This listing does not exist.',
  purchaseListingUnavailable: 'This listing is no longer available.',
  purchaseListingExpired: 'This listing has expired.',
  purchaseSoldOut: 'This listing is sold out.',
  purchaseKycRequired: 'Please complete identity verification (KYC) before buying tokens.',
  purchaseDidNotYours: 'The DID must be your own.',
  purchaseWalletNotYours: 'The wallet must be one of your own vault addresses.',
  purchaseWalletWrongChain: "The wallet must be on the token's chain ({{chain}}).",
  purchaseVaultRequired: 'Please create your vault before buying tokens.',
  purchaseAmountPrecision: 'This token allows at most {{decimals}} decimal places.',
  purchaseInsufficientFunds: 'Not enough ETH in your vault to pay for this purchase.',
  purchaseDeadlinePassed: 'The listing expired before the purchase settled.',
  purchaseSettlementFailed: 'The purchase could not be settled on chain.',
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 128 letters, digits or _.:-',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed.',
  issuerTokenNameRequired: 'Token name is required',
  issuerTokenSymbolInvalid: 'Symbol must be 1 to 11 letters or digits',
  issuerTokenTypeInvalid: 'Token type must be ERC20, ERC721, ERC1155 or SPL',
  issuerAssetCategoryInvalid: 'Please choose an asset category',
  issuerDecimalsTooMany: 'Too many decimals for this token type',
  issuerSupplyInvalid: 'Total supply must be a positive number within the limit for this token type',
  issuerTokenNotFound: 'Token not found',
  issuerTokenNotDeployed: 'The token must be deployed before it can be listed.',
  issuerPriceInvalid: 'Price per token must be a positive amount of ETH',
  issuerDeadlineInvalid: 'Deadline must be a date and time',
  issuerDeadlinePast: 'Deadline must be in the future',
  issuerAmountInvalid: 'Amount must be a positive number of whole tokens within your treasury',
  issuerVaultRequired: 'Create your vault before issuing tokens.',
  issuerListingNotFound: 'Listing not found',
  issuerListingNotOpen: 'Only an open listing can be cancelled.',
  issuerChainUnsupported:
    'Tokens can only be issued on Ethereum (ERC20, ERC721, ERC1155) or Solana (SPL) here.',
  issuerItemsInEscrowOnly: 'ERC-721 items can only be sold in escrow.',
  issuerDeployFailed: 'The token could not be deployed. Please try again.',
  issuerListingFailed: 'The tokens could not be moved into escrow.',
} as const;

export type MessageKey = keyof typeof messages;

const byText = new Map<string, MessageKey>(
  Object.entries(messages).map(([key, text]) => [text, key as MessageKey]),
);

/** The key of a known message text, so a client can show it in the user's language. */
export function messageKey(text: string): MessageKey | undefined {
  return byText.get(text);
}

/** Fills `{{name}}` placeholders of a message (i18next's syntax, so the web translates the same text). */
export function formatMessage(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
