// mf_checkout/PayReturn (webpack expose): the pay return dialog lives in src/components/pay-return, which the order
// records (a pool bought without a card comes back there) share.
export { default } from '../../../components/pay-return/PayReturnDialog';
