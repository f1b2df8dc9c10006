/** The external shop the side drawer's "store" entry opens in the same tab. */
export const STORE_URL = 'https://shop.example.com/';
