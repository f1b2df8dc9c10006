// Business constants and limits of spec section 9 (and the few layout numbers the screens share).

/** E-mail maximum length (characters, after whitespace removal). */
export const EMAIL_MAX = 64;
/** Shortest accepted ICCID; anything shorter is rejected with index.rulesMessageLength. */
export const ICCID_MIN = 19;
/** Longest ICCID; a longer identifier is an EID. */
export const ICCID_MAX = 20;
/** EID length (GSMA). */
export const EID_LENGTH = 32;
/** Password length accepted at sign-up, login and reset. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Longest display name of a card, pool or slot the server stores (the UI does not validate it). */
export const NAME_MAX = 64;

/** card/unlock succeeds this many times per card; then 10005 (max unlock). */
export const MAX_UNLOCKS = 3;

/** Activity pop-up shows this long after the page is ready. */
export const POPUP_DELAY_MS = 500;
/** Payment buttons leave their loading state after this long even if the redirect did not happen. */
export const PAY_LOADING_RESET_MS = 5000;
/** Pause after a successful action before the follow-up (reload, close, navigate). */
export const POST_SUCCESS_DELAY_MS = 500;
/** Pool pay sheet opens this long after the pool was created. */
export const POOL_PAY_SHEET_DELAY_MS = 500;
/** Redirect to the default flag this long after refresh answered 10101 or 10103. */
export const REFRESH_REDIRECT_DELAY_MS = 500;

/** Package grid columns (new card view) and shared-pool plan grid columns. */
export const PACKAGE_GRID_COLUMNS = 2;
/** Stats cards in the new card view. */
export const STATS_CARDS = 3;
/** Unbound ICCIDs listed in the batch bind dialog. */
export const MAX_UNBOUND_SHOWN = 5;
/** ICCID masking keeps this many characters at each end. */
export const ICCID_MASK_KEEP = 4;

export const BANNER_HEIGHT = '1.58rem';
export const CAROUSEL_DEFAULT_COLOR = '#FFAC79';
export const GAUGE_COLOR = '#07C160';

/** Default country and user area. */
export const DEFAULT_COUNTRY = 'US';
/** Card pages start on this flag until the card check returns the card's own. */
export const DEFAULT_FLAG = '2';
/** Default text of an activity pop-up button. */
export const POPUP_DEFAULT_BUTTON = 'Go';

export const PAY_METHODS = ['stripe', 'paypal'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** The recall pop-up offers a free data plan of this many days. */
export const RECALL_PLAN_DAYS = 30;

/** Agent page versions: 1 old card view, 2 new card view, 3 card list view. */
export const AGENT_VERSIONS = [1, 2, 3] as const;
export type AgentVersion = (typeof AGENT_VERSIONS)[number];

/** Card.kind value meaning the card is speed limited (fair-use throttling reached). */
export const CARD_KIND_SPEED_LIMITED = 2;
/** Pool kind 1 or 2 is day-based; any other kind is data-based. */
export const POOL_DAY_BASED_KINDS = [1, 2] as const;
/** New-list package mode that forces auto-renew on the first payment. */
export const PACKAGE_MODE_FORCED_RENEWAL = 2;
/** card_kind: 1 shows card info, 2 shows profile info. */
export const CARD_KIND_CARD = 1;
export const CARD_KIND_PROFILE = 2;
/** user_id of a card that no account owns yet. */
export const UNBOUND_USER_ID = 0;

/** Advert adType values: the advert[] array is grouped into the activity lists by these. */
export const AD_TYPES = { popup: 1, banner: 2, float: 3, top: 4, recall: 5 } as const;

/** Category value of recommended packages; typeList puts ALL_CATEGORY first when it has entries. */
export const RECOMMEND_CATEGORY = 'Recommend';
export const ALL_CATEGORY = 'All';

/** Position of the activity call on the card list screen. */
export const CARD_LIST_ACTIVITY_POSITION = 'index,sIMCard.TC';

/** US regions (states, district, outlying areas) and Canadian provinces/territories in the address form. */
export const US_REGION_COUNT = 57;
export const CA_REGION_COUNT = 13;
