// The sandbox's memory: what one call creates, the next can read (issue item 3). Every store is a
// BoundedMap: past its cap the oldest entry is evicted, so memory stays bounded.
import { type ByteBudget, BoundedMap } from './bounded-map.js';
import type { Json } from './contract.js';

/** Per-store caps; default DEFAULT_STORE_CAP each. */
export interface StoreCaps {
  gatewayMessages?: number;
  smsMessages?: number;
  imMessages?: number;
  lists?: number;
  campaigns?: number;
}

export const DEFAULT_STORE_CAP = 10_000;

export interface SmsMessage {
  id: string;
  direction: 'MO' | 'MT';
  status: string;
  destination?: string;
  source?: string;
  reference?: string;
  content?: string;
}

export interface ImMessage {
  id: string;
  status: string;
}

export interface CampaignList {
  application: string;
  id: number;
  /** The creating request's JSON text (its name and members), parsed when the lists are listed. */
  text: string;
  created: string;
}

export interface Campaign {
  application: string;
  id: number;
  /** The report GET /{application}/scheduled_campaigns/{id}/report answers (the request itself is never read back). */
  report: Json[];
}

/**
 * A message of A as stored: a broadcast's messages share one `text` (the request body as
 * received), so a broadcast to n destinations stores its body once, not n times.
 */
export interface GatewayMessage {
  /** The request body's JSON text as received; parsed, with the schema's defaults, when it is read. */
  text: string;
  id: number;
  /** A broadcast message's own destination (the base holds the whole list). */
  destination?: string;
}

/**
 * A store keyed by UUID, found in either letter case. B's ids are "string in UUID format"
 * (section 2.2), whose case the document does not give, and UUID hex is case-insensitive on
 * input (RFC 9562, section 4): `GET /messages?id=` with the id in upper case names the same
 * message. The value keeps the id as it was minted or given.
 */
export class UuidKeyedMap<V> extends BoundedMap<string, V> {
  override get(key: string): V | undefined {
    return super.get(key.toLowerCase());
  }

  override has(key: string): boolean {
    return super.has(key.toLowerCase());
  }

  override set(key: string, value: V, bytes = 0): this {
    return super.set(key.toLowerCase(), value, bytes);
  }

  override delete(key: string): boolean {
    return super.delete(key.toLowerCase());
  }
}

/** Every store of a scope; `budget`, shared by all scopes, bounds their bytes together. */
export function createState(caps: StoreCaps = {}, budget?: ByteBudget) {
  const cap = (name: keyof StoreCaps) => caps[name] ?? DEFAULT_STORE_CAP;
  return {
    /** A: messages by numeric id (a broadcast stores one message per destination, sharing its body). */
    gatewayMessages: new BoundedMap<number, GatewayMessage>(cap('gatewayMessages'), budget),
    /** B: messages (MT sent, MO replies) by UUID, in either letter case. */
    smsMessages: new UuidKeyedMap<SmsMessage>(cap('smsMessages'), budget),
    /** C: accepted messages by UUID. */
    imMessages: new BoundedMap<string, ImMessage>(cap('imMessages'), budget),
    /** D: lists by `<application>/<id>` (each application has its own). */
    lists: new BoundedMap<string, CampaignList>(cap('lists'), budget),
    /** D: scheduled campaigns and their reports by `<application>/<id>`. */
    campaigns: new BoundedMap<string, Campaign>(cap('campaigns'), budget),
    /** D: templates per application, preloaded from fixtures (else the bundle's example is served). */
    templates: new Map<string, Json[]>(),
  };
}

export type State = ReturnType<typeof createState>;

export function clearState(state: State): void {
  for (const store of Object.values(state)) store.clear();
}
