import { screen } from '@testing-library/react';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { RENEWAL_SECTIONS, RenewalAgreementPage } from './RenewalAgreementPage';

describe('auto-renewal agreement (/renew/agreement)', () => {
  it('says what renews, the e-mail before each charge, how to turn it off and the spending cap', async () => {
    await renderRemote(<RenewalAgreementPage />, { route: '/renew/agreement', i18n: { namespaces: [remote] } });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Auto-renewal agreement');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(RENEWAL_SECTIONS.length);
    expect(screen.getByRole('region', { name: 'Before each charge' })).toHaveTextContent(
      'We e-mail you before each renewal charge',
    );
    expect(screen.getByRole('region', { name: 'How to turn it off' })).toHaveTextContent('at any time');
    expect(screen.getByRole('region', { name: 'Spending cap' })).toHaveTextContent('monthly spending cap');
    expect(screen.getByRole('link', { name: 'Purchase agreement' })).toHaveAttribute('href', '/agreement');
  });

  it('is translated (Japanese)', async () => {
    await renderRemote(<RenewalAgreementPage />, {
      route: '/renew/agreement',
      i18n: { lang: 'ja', namespaces: [remote] },
    });
    expect(screen.getByTestId('page-title')).toHaveTextContent('自動更新規約');
    expect(screen.getByRole('heading', { name: 'オフにする方法' })).toBeInTheDocument();
  });
});
