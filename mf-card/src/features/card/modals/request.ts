import { type Language } from 'shared-contracts';

/** The one dialog the card page shows at a time. Only this type is in the page's first chunk; the dialogs load on use. */
export type ModalRequest =
  | { kind: 'unlock' }
  | { kind: 'bind' }
  | { kind: 'email'; mode: 'bind' | 'send'; orderId?: string }
  | { kind: 'coverage'; pkgTypeId: number; mode: 'country' | 'network' }
  | {
      kind: 'categories';
      categories: string[];
      active: string;
      allLabel: string;
      /** Category key → its label in the page's language (getPkg typeLabels); a key without one shows as it is. */
      labels?: Record<string, string>;
      onPick: (category: string) => void;
    };

export interface ModalHostProps {
  request: ModalRequest;
  iccid: string;
  lang: Language;
  cardEmail: string;
  onClose: () => void;
  /** Something the page shows changed (a bind, a new e-mail, an unlock): reload the card. */
  onChanged: () => void;
}
