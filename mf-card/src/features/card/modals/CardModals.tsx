import { BindDialog } from './BindDialog';
import { CategoryPicker } from './CategoryPicker';
import { CoverageSheet } from './CoverageSheet';
import { EmailDialog } from './EmailDialog';
import { type ModalHostProps } from './request';
import { UnlockDialog } from './UnlockDialog';

/** The card page's dialogs, one chunk loaded when the first one opens. */
export default function CardModals({ request, iccid, lang, cardEmail, onClose, onChanged }: ModalHostProps) {
  switch (request.kind) {
    case 'unlock':
      return <UnlockDialog iccid={iccid} onClose={onClose} onUnlocked={onChanged} />;
    case 'bind':
      return <BindDialog iccid={iccid} onClose={onClose} onBound={onChanged} />;
    case 'email':
      return (
        <EmailDialog
          iccid={iccid}
          lang={lang}
          current={cardEmail}
          mode={request.mode}
          orderId={request.orderId}
          onClose={onClose}
          onBound={onChanged}
        />
      );
    case 'coverage':
      return <CoverageSheet pkgTypeId={request.pkgTypeId} mode={request.mode} lang={lang} onClose={onClose} />;
    case 'categories':
      return (
        <CategoryPicker
          categories={request.categories}
          active={request.active}
          allLabel={request.allLabel}
          labels={request.labels}
          onPick={request.onPick}
          onClose={onClose}
        />
      );
  }
}
