import { screen } from '@testing-library/react';
import { type CheckoutRequest, type Goods } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import CheckoutSheet from './CheckoutSheet';

const goods: Goods = {
  id: 7,
  name: 'Europe 5 GB',
  validity: '30 days',
  area: 'Europe (33 countries, incl. Austria; not Australia)',
  carriers: '',
  htu: '',
  desc: '',
  price: 1290,
  price_str: '$12.90',
  renew_price_str: '$11.61',
  renewal: false,
  taxRate: 0,
  subscribe_tips: '',
  show_paypal: true,
  mode: 1,
  lang: 'en',
  currency: 'USD',
  pool_type_id: null,
};

function requestFor(overrides: Partial<Goods> = {}, lang = 'en'): CheckoutRequest {
  return {
    requestId: 'r-1',
    goods: { ...goods, ...overrides },
    iccid: '89880000000000000001',
    flag: '2',
    lang: lang as CheckoutRequest['lang'],
    ccy: 'USD',
    agentVersion: 2,
    paypalAllowed: true,
    renewalActive: false,
    orderTime: null,
    returnPath: '/2/89880000000000000001',
  };
}

describe('CheckoutSheet', () => {
  it('shows the chosen goods: name, price, renewal price, coverage, validity and card', async () => {
    const onClose = jest.fn();
    const { user } = await renderRemote(<CheckoutSheet request={requestFor()} onClose={onClose} />, {
      i18n: { namespaces: [remote] },
    });
    const sheet = screen.getByRole('dialog', { name: 'Your purchase' });
    expect(screen.getByTestId('checkout-goods-name')).toHaveTextContent('Europe 5 GB');
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$12.90');
    expect(screen.getByTestId('checkout-renewal-price')).toHaveTextContent('$11.61');
    expect(screen.getByTestId('checkout-coverage')).toHaveTextContent('incl. Austria; not Australia');
    expect(sheet).toHaveTextContent('30 days');
    expect(sheet).toHaveTextContent('89880000000000000001');
    await user.click(screen.getByTestId('checkout-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says free for a package without a price and leaves out what the goods do not have', async () => {
    await renderRemote(
      <CheckoutSheet
        request={requestFor({ price: 0, price_str: '', renew_price_str: '', area: '' })}
        onClose={jest.fn()}
      />,
      { i18n: { namespaces: [remote] } },
    );
    expect(screen.getByTestId('checkout-price')).toHaveTextContent('Free');
    expect(screen.queryByTestId('checkout-renewal-price')).toBeNull();
    expect(screen.queryByTestId('checkout-coverage')).toBeNull();
  });

  it('speaks the language of the purchase (Arabic)', async () => {
    await renderRemote(<CheckoutSheet request={requestFor({}, 'ar')} onClose={jest.fn()} />, {
      i18n: { lang: 'ar', namespaces: [remote] },
    });
    expect(screen.getByRole('dialog', { name: 'مشترياتك' })).toBeInTheDocument();
  });
});
