import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getStorage, STORAGE_KEYS } from 'shared-contracts';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { answers, card, cardRoute, ICCID } from './card-fixtures';
import { CardPage } from './CardPage';

const offline = () => {
  throw new TypeError('Failed to fetch');
};
// Every call of the card page fails as it does without a network.
const noNetwork = () =>
  stubCalls({ checkCard: offline, getAgent: offline, getCard: offline, getPkg: offline, checkNotice: offline });

describe('card page without a network', () => {
  it('shows the card’s last known data left and expiry, marked offline with when it was last updated', async () => {
    stubCalls(answers());
    const first = await renderRemote(<CardPage />, cardRoute());
    expect(await screen.findByTestId('card-data')).toHaveTextContent('5 GB of 20 GB');
    first.unmount();

    noNetwork();
    await renderRemote(<CardPage />, cardRoute());
    const notice = await screen.findByTestId('card-offline');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent("You're offline: this is the card's last known data.");
    expect(screen.getByTestId('card-last-updated')).toHaveTextContent(/^Last updated \w{3} \d{1,2}, \d{4}/);
    expect(screen.getByTestId('card-data')).toHaveTextContent('5 GB of 20 GB');
    expect(screen.getByTestId('card-expiry')).toHaveTextContent('Expires: Dec 12, 2026');
    expect(screen.getByTestId('stat-total')).toHaveTextContent('20 GB');
    expect(screen.queryByTestId('card-error')).not.toBeInTheDocument();
    expect(screen.queryByTestId('packages')).not.toBeInTheDocument();

    // Back online: Try again loads the live card.
    stubCalls(answers({ used_str: '6GB', used: 6144 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('card-data')).toHaveTextContent('6 GB of 20 GB');
    expect(screen.queryByTestId('card-offline')).not.toBeInTheDocument();
  });

  it('writes the note in the page language (Arabic)', async () => {
    getStorage().setJSON(STORAGE_KEYS.LAST_CARDS, [{ card, savedAt: Date.UTC(2026, 10, 20, 9, 30) }]);
    noNetwork();
    await renderRemote(<CardPage />, cardRoute(`/2/${ICCID}`, 'ar'));
    expect(await screen.findByTestId('card-offline')).toHaveTextContent('أنت غير متصل بالإنترنت');
    expect(screen.getByTestId('card-last-updated')).toHaveTextContent(/^حُدِّثت آخر مرة /);
  });

  it('keeps only the card it opened: another card’s data never shows, and that page says it cannot load', async () => {
    stubCalls(answers());
    const first = await renderRemote(<CardPage />, cardRoute());
    await screen.findByTestId('card-data');
    first.unmount();

    noNetwork();
    await renderRemote(<CardPage />, cardRoute('/2/89880000000000000003'));
    expect(await screen.findByTestId('card-error')).toBeInTheDocument();
    expect(screen.queryByTestId('card-offline')).not.toBeInTheDocument();
    expect(screen.queryByText('Travel SIM')).not.toBeInTheDocument();
  });

  it('does not keep a card another account owns', async () => {
    getStorage().set(STORAGE_KEYS.RECEIPT, 'receipt');
    getStorage().set(STORAGE_KEYS.USER_ID, '8');
    stubCalls(answers({ other_user: true }));
    await renderRemote(<CardPage />, cardRoute());
    await screen.findByTestId('card-data');
    expect(getStorage().get(STORAGE_KEYS.LAST_CARDS)).toBeNull();
  });
});
