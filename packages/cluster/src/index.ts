/**
 * What search nodes and API servers share over NATS: the subjects of catalogue parts, the messages of a
 * part's search, rows and hits endpoints, and the key-value registry of the catalogues the nodes serve.
 */
export { NoJetStreamError, REGISTRY_BUCKET, announcePart, buildName, openRegistry, readRegistry } from './catalogue-registry.ts';
export type { PartRecord, RegisteredCatalogue } from './catalogue-registry.ts';
export { FrameError } from './frame.ts';
export { NatsUnreachableError, connectNats } from './nats-connection.ts';
export type { NatsConnection } from './nats-connection.ts';
export { PART_SERVICE, endpointName, partSubjects } from './part-subjects.ts';
export type { PartEndpoint } from './part-subjects.ts';
export { HIT_ROWS_PER_REQUEST, decodeHitsReply, decodeHitsRequest, encodeHitsReply, encodeHitsRequest } from './hits-message.ts';
export type { PartHitsReply, PartHitsRequest, PosedMethod } from './hits-message.ts';
export { ROWS_PER_REQUEST, decodeRowsReply, decodeRowsRequest, encodeRowsReply, encodeRowsRequest } from './rows-message.ts';
export type { PartRowsReply, PartRowsRequest, PropertyCell } from './rows-message.ts';
export { decodeSearchReply, decodeSearchRequest, encodeSearchReply, encodeSearchRequest } from './search-message.ts';
export type { PartSearchReply, PartSearchRequest } from './search-message.ts';
