// shared-contracts/testing: the helpers of front-end tests (jest only; never imported by a build).
export {
  renderRemote,
  settle,
  type RenderedRemote,
  type RenderI18nOptions,
  type RenderRemoteOptions,
  type StoredValues,
  type TestNamespace,
} from './render';
export {
  callError,
  httpAnswer,
  stubCalls,
  takeCallProblems,
  type CallAnswer,
  type CallEnvelope,
  type CallsHandle,
  type CallStub,
  type CallStubData,
  type CallStubs,
  type ExtraStub,
  type FetchRequest,
  type HttpAnswer,
  type RecordedCall,
  type StubCallsOptions,
} from './stub-calls';
export { resetBus } from './bus';
export { siteConfig } from './config';
export { payReturn } from './pay-return';
export { stubFederation, type FederationStub } from './federation';
