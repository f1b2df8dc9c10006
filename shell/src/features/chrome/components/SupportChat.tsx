import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import { getStorage, isLanguage, validateEmail, type ApiClient } from 'shared-contracts';
import { Button } from '../../../components/Button';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Icon } from '../../../components/Icon';
import { useAuth } from '../../../lib/auth';
import { loadThread, sendMessage, type SupportMessage } from '../api/support';
import { validEmail, type SupportSubject } from '../lib/support-link';
import {
  newClientId,
  readOutbox,
  supportToken,
  writeOutbox,
  type PendingMessage,
  type SupportOutbox,
} from '../lib/support-outbox';
import { supportText } from '../lib/support-text';

/** Longest message (the api refuses more). */
export const MESSAGE_MAX = 1000;

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-inline-size: 0;
`;

const Who = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  span {
    overflow-wrap: anywhere;
  }
`;

const Thread = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: 120px;
  max-block-size: min(46vh, 420px);
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
`;

const Intro = styled.p`
  margin: auto 0;
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
`;

const Item = styled.div<{ $mine: boolean }>`
  display: grid;
  gap: 2px;
  max-inline-size: 85%;
  justify-items: ${({ $mine }) => ($mine ? 'end' : 'start')};
  ${({ $mine }) =>
    $mine
      ? css`
          margin-inline-start: auto;
        `
      : css`
          margin-inline-end: auto;
        `}
`;

const Bubble = styled.p<{ $mine: boolean; $failed?: boolean }>`
  margin: 0;
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.lg};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  ${({ $mine, $failed, theme }) =>
    $mine
      ? css`
          background: ${$failed ? theme.color.surface : theme.color.primary};
          color: ${$failed ? theme.color.text : theme.color.onPrimary};
          border: 1px solid ${$failed ? theme.color.danger : 'transparent'};
          border-end-end-radius: 4px;
        `
      : css`
          background: ${theme.color.surface};
          border: 1px solid ${theme.color.border};
          border-end-start-radius: 4px;
        `}
`;

const Meta = styled.div<{ $failed?: boolean }>`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  font-size: 12px;
  color: ${({ theme, $failed }) => ($failed ? theme.color.danger : theme.color.textMuted)};
`;

const SmallButton = styled(Button).attrs({ $variant: 'secondary' as const })`
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sm};
`;

const Notice = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fdecec;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.sm};
`;

const SkeletonLine = styled.div<{ $w: string; $end?: boolean }>`
  block-size: 36px;
  inline-size: ${({ $w }) => $w};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: #e9ebef;
  ${({ $end }) => ($end ? 'margin-inline-start: auto;' : '')}
`;

const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-size: ${({ theme }) => theme.font.sm};
    font-weight: 600;
  }
  input,
  textarea {
    inline-size: 100%;
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surface};
    color: inherit;
    font: inherit;
  }
  input {
    min-block-size: ${({ theme }) => theme.touch};
  }
  textarea {
    min-block-size: 96px;
    resize: vertical;
  }
  input:focus-visible,
  textarea:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  [aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

const FieldError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.sm};
`;

const Composer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Counter = styled.span<{ $full: boolean }>`
  font-size: ${({ theme }) => theme.font.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $full }) => ($full ? theme.color.danger : theme.color.textMuted)};
`;

interface ShownMessage {
  key: string;
  mine: boolean;
  text: string;
  time: number;
  pending?: PendingMessage;
}

/**
 * The built-in support chat: the conversation, a text box and Send. A message shows at once ('sending'), then
 * 'sent' once the api has it; a failed one stays with Retry. The text being written and every unsent message are
 * kept in local storage until the api answers with them, so closing the sheet or the page loses nothing.
 */
export default function SupportChat({
  subject,
  client,
  onClose,
}: {
  subject: SupportSubject;
  client: ApiClient;
  onClose: () => void;
}) {
  const { t, i18n } = supportText.useRemoteTranslation();
  const { user } = useAuth();
  const storage = getStorage();
  const token = useMemo(() => supportToken(storage), [storage]);
  const owner = user ? `user:${user.user_id}` : 'visitor';
  // A visitor's unsent messages follow a login on this device (the api moves the visitor thread there too).
  const isMine = useCallback((entry: PendingMessage) => entry.owner === owner || entry.owner === 'visitor', [owner]);
  const ids = { message: useId(), counter: useId(), email: useId(), emailError: useId() };

  const outboxRef = useRef<SupportOutbox>(readOutbox(storage));
  const [outbox, setOutbox] = useState<SupportOutbox>(outboxRef.current);
  const [messages, setMessages] = useState<SupportMessage[]>([]);
  const [load, setLoad] = useState<'loading' | 'ready' | 'error'>('loading');
  const [emailError, setEmailError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // Storage first, then the screen: a page closed a moment later still has it.
  const commit = useCallback(
    (change: (current: SupportOutbox) => SupportOutbox) => {
      const next = change(outboxRef.current);
      outboxRef.current = next;
      writeOutbox(storage, next);
      setOutbox(next);
    },
    [storage],
  );

  const setState = useCallback(
    (clientId: string, state: PendingMessage['state']) =>
      commit((current) => ({
        ...current,
        pending: current.pending.map((entry) => (entry.client_id === clientId ? { ...entry, state } : entry)),
      })),
    [commit],
  );

  /** The api's thread is the truth: what it holds leaves the outbox. */
  const accept = useCallback(
    (thread: SupportMessage[]) => {
      setMessages(thread);
      const stored = new Set(thread.map((message) => message.client_id).filter(Boolean));
      commit((current) => ({ ...current, pending: current.pending.filter((entry) => !stored.has(entry.client_id)) }));
    },
    [commit],
  );

  const replyEmail = subject.email ?? user?.email ?? validEmail(outbox.email);

  const deliver = useCallback(
    async (entry: PendingMessage) => {
      setState(entry.client_id, 'sending');
      const result = await sendMessage(client, {
        token,
        client_id: entry.client_id,
        body: entry.body,
        email: user ? undefined : (subject.email ?? validEmail(outboxRef.current.email)),
        iccid: subject.iccid,
        lang: isLanguage(i18n.language) ? i18n.language : undefined,
      });
      if (result.ok) accept(result.messages);
      else setState(entry.client_id, 'failed');
    },
    [accept, client, i18n.language, setState, subject.email, subject.iccid, token, user],
  );

  const refresh = useCallback(async () => {
    setLoad('loading');
    const result = await loadThread(client, token);
    if (!result.ok) {
      setLoad('error');
      // Nothing is in flight after a reload: what was 'sending' then waits for Retry.
      commit((current) => ({
        ...current,
        pending: current.pending.map((entry) => (isMine(entry) ? { ...entry, state: 'failed' } : entry)),
      }));
      return;
    }
    accept(result.messages);
    setLoad('ready');
    // Messages the api never got (page closed while sending, or offline) go again, in order.
    for (const entry of outboxRef.current.pending.filter(isMine)) await deliver(entry);
  }, [accept, client, commit, deliver, isMine, token]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening and per login
  useEffect(() => void refresh(), [owner]);

  const pendingMine = outbox.pending.filter(isMine);
  const shown: ShownMessage[] = [
    ...messages.map((message) => ({
      key: `m${message.id}`,
      mine: message.sender === 'user',
      text: message.auto ? t('support.chat.ack') : message.body,
      time: message.create * 1000,
    })),
    ...pendingMine.map((entry) => ({
      key: `p${entry.client_id}`,
      mine: true,
      text: entry.body,
      time: entry.created,
      pending: entry,
    })),
  ];
  const lastSent = [...shown].reverse().find((message) => message.mine && !message.pending)?.key;

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length]);

  const timeFormat = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
    [i18n.language],
  );

  const draft = outbox.draft;
  const trimmed = draft.trim();
  const askEmail = !user && !subject.email;

  const send = () => {
    if (trimmed === '' || trimmed.length > MESSAGE_MAX) return;
    const email = outboxRef.current.email.trim();
    if (askEmail && email !== '') {
      const check = validateEmail(email);
      if (!check.ok) {
        setEmailError(t(check.error, { ns: 'common' }));
        return;
      }
    }
    const entry: PendingMessage = {
      client_id: newClientId(),
      body: trimmed,
      created: Date.now(),
      state: 'sending',
      owner,
    };
    commit((current) => ({ ...current, draft: '', pending: [...current.pending, entry] }));
    void deliver(entry);
  };

  return (
    <Dialog
      open
      placement="sheet"
      title={t('support.title')}
      closeLabel={t('support.close')}
      onClose={onClose}
      testId="support-chat"
    >
      <Layout>
        <Who data-testid="support-who">
          {replyEmail && (
            <span>
              {user ? t('support.account', { email: replyEmail }) : t('support.chat.replyTo', { email: replyEmail })}
            </span>
          )}
          {subject.iccid && <span>{t('support.card', { iccid: subject.iccid })}</span>}
          {!replyEmail && !subject.iccid && <span>{t('support.chat.anonymous')}</span>}
        </Who>

        {load === 'error' && (
          <Notice role="alert" data-testid="support-load-error">
            <span>{t('support.chat.loadFailed')}</span>
            <SmallButton type="button" onClick={() => void refresh()}>
              {t('support.chat.reload')}
            </SmallButton>
          </Notice>
        )}

        <Thread
          role="log"
          aria-label={t('support.chat.history')}
          aria-busy={load === 'loading'}
          data-testid="support-thread"
        >
          {load === 'loading' && shown.length === 0 ? (
            <>
              <span className="visually-hidden">{t('support.chat.loading')}</span>
              <SkeletonLine $w="60%" aria-hidden="true" />
              <SkeletonLine $w="45%" $end aria-hidden="true" />
            </>
          ) : shown.length === 0 ? (
            <Intro>{t('support.chat.intro')}</Intro>
          ) : (
            shown.map((message) => {
              const failed = message.pending?.state === 'failed';
              return (
                <Item key={message.key} $mine={message.mine} data-testid="support-message">
                  <span className="visually-hidden">
                    {message.mine ? t('support.chat.you') : t('support.chat.agent')}
                  </span>
                  <Bubble $mine={message.mine} $failed={failed} dir="auto">
                    {message.text}
                  </Bubble>
                  <Meta $failed={failed} data-testid="support-message-status">
                    <time dateTime={new Date(message.time).toISOString()}>{timeFormat.format(message.time)}</time>
                    {message.pending?.state === 'sending' && <span>{t('support.chat.sending')}</span>}
                    {failed && message.pending && (
                      <>
                        <span>{t('support.chat.failed')}</span>
                        <SmallButton
                          type="button"
                          onClick={() => message.pending && void deliver(message.pending)}
                          data-testid="support-retry"
                        >
                          <Icon name="refresh" size={16} />
                          {t('support.chat.retry')}
                        </SmallButton>
                      </>
                    )}
                    {message.key === lastSent && <span>{t('support.chat.sent')}</span>}
                  </Meta>
                </Item>
              );
            })
          )}
          <div ref={endRef} />
        </Thread>

        {askEmail && (
          <Field>
            <label htmlFor={ids.email}>{t('support.chat.emailLabel')}</label>
            <input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={64}
              value={outbox.email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? ids.emailError : undefined}
              onChange={(event) => {
                const email = event.target.value;
                setEmailError(null);
                commit((current) => ({ ...current, email }));
              }}
              data-testid="support-email"
            />
            {emailError && (
              <FieldError id={ids.emailError} role="alert">
                {emailError}
              </FieldError>
            )}
          </Field>
        )}

        <Field>
          <label htmlFor={ids.message}>{t('support.chat.messageLabel')}</label>
          <textarea
            id={ids.message}
            rows={3}
            maxLength={MESSAGE_MAX}
            placeholder={t('support.chat.placeholder')}
            value={draft}
            aria-describedby={ids.counter}
            onChange={(event) => {
              const text = event.target.value.slice(0, MESSAGE_MAX);
              commit((current) => ({ ...current, draft: text }));
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                send();
              }
            }}
            data-testid="support-input"
          />
        </Field>
        <Composer>
          <Counter id={ids.counter} $full={draft.length >= MESSAGE_MAX} data-testid="support-counter">
            <span aria-hidden="true">
              {draft.length}/{MESSAGE_MAX}
            </span>
            <span className="visually-hidden">
              {t('support.chat.counter', { count: draft.length, max: MESSAGE_MAX })}
            </span>
          </Counter>
          <Button type="button" onClick={send} disabled={trimmed === ''} data-testid="support-send">
            {t('support.chat.send')}
          </Button>
        </Composer>
      </Layout>
    </Dialog>
  );
}
