// Server-side entry (`shared-contracts/schemas`): the zod schemas. Browsers import only their types.
export * from './entities';
export * from './primitives';
export { callSchemas, type CallSchemas, type CallSchemaName } from './calls';
export {
  calls,
  callUrl,
  CALL_NAMES,
  type CallName,
  type CallRequest,
  type CallResponse,
  type Envelope,
} from '../calls';
