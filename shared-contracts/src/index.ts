// Browser entry of shared-contracts: everything here runs without zod (the schemas' types come in as types only).
// The api imports the schemas from 'shared-contracts/schemas'.
export * from './calls';
export * from './errors';
export * from './client';
export * from './bus';
export * from './runtime';
export * from './storage';
export * from './request-scope';
export * from './initial-call';
export * from './lazy-loaded';
export * from './hydration';
export * from './time-zone';
export * from './formatted';
export * from './constants';
export * from './languages';
export * from './validators';
export * from './money';
export * from './format';
export * from './goods';
export * from './display';
export * from './esim';
export * from './remote';
// The address form's rules and the US/CA region lists (~3 KB gzip) are not in this entry: the page that shows the
// address dialog imports 'shared-contracts/validators/address' (lazily, with that page).
export type { CaRegion } from './data/ca-regions';
export { loadCommon, COMMON_NAMESPACE } from './locales';
export type {
  ActivityResponse,
  Address,
  Advert,
  AgentInfo,
  AuthSession,
  Banner,
  CandidateCards,
  CandidateReason,
  Card,
  CardListResponse,
  Config,
  CoverageCountry,
  CoverageResponse,
  EidInfo,
  EidItem,
  EsimCardInfo,
  EsimGoods,
  EsimProfile,
  FloatItem,
  Goods,
  NetworkOperator,
  NewPackage,
  Notice,
  OldPackage,
  OrderRecord,
  OrderStatus,
  PackageRecord,
  PackageRecordGroups,
  PackageRecordStatus,
  PackageResponse,
  PayCheckResponse,
  PayCreateResponse,
  PaySearchResponse,
  PoolCardInfo,
  PoolPlan,
  Popup,
  PopupShowState,
  RecallItem,
  SavedAddress,
  UnboundList,
  UsRegion,
  User,
  UserInfo,
  UserSettings,
} from './schemas/entities';
export * from './regions';
