import { type Queryable } from '../../db/index';

export interface AgentRow {
  flag: string;
  name: string;
  version: 1 | 2 | 3;
  paypal: boolean;
  ccy: string;
  lang: string;
  is_default: boolean;
}

export interface CardRow {
  iccid: string;
  agent_flag: string;
  agent_version: 1 | 2 | 3;
  agent_is_default: boolean;
  agent_ccy: string;
  card_kind: 1 | 2;
  status: string;
  user_id: number | null;
  name: string | null;
  email: string | null;
  expire_timestamp: number | null;
  used_bytes: number;
  total_bytes: number;
  unlimited: boolean;
  kind: number;
  is_third_party: boolean;
  renewal: boolean;
  has_keys: boolean;
  warn: string | null;
  show_alert: boolean;
  show_share_plan: boolean;
  usage_updated_at: Date | null;
  last_order_at: Date | null;
}

const CARD_COLUMNS = `
  c.iccid, c.agent_flag, a.version AS agent_version, a.is_default AS agent_is_default, a.ccy AS agent_ccy,
  c.card_kind, c.status, c.user_id, c.name, c.email, c.expire_timestamp, c.used_bytes, c.total_bytes, c.unlimited,
  c.kind, c.is_third_party, c.renewal, c.has_keys, c.warn, c.show_alert, c.show_share_plan, c.usage_updated_at,
  (SELECT max(o.created_at) FROM orders o WHERE o.iccid = c.iccid) AS last_order_at`;

export function createCardRepository(db: Queryable) {
  return {
    async findCard(iccid: string): Promise<CardRow | undefined> {
      return db.one<CardRow>(
        `SELECT ${CARD_COLUMNS} FROM cards c JOIN agents a ON a.flag = c.agent_flag WHERE c.iccid = $1`,
        [iccid],
      );
    },

    async findAgent(flag: string): Promise<AgentRow | undefined> {
      return db.one<AgentRow>(`SELECT flag, name, version, paypal, ccy, lang, is_default FROM agents WHERE flag = $1`, [
        flag,
      ]);
    },

    async defaultAgent(): Promise<AgentRow | undefined> {
      return db.one<AgentRow>(
        `SELECT flag, name, version, paypal, ccy, lang, is_default FROM agents WHERE is_default LIMIT 1`,
      );
    },
  };
}

export type CardRepository = ReturnType<typeof createCardRepository>;
