import { Checkout } from './checkout';

export default function ShopPage() {
  return (
    <main>
      <h1>Loja</h1>
      <Checkout offer={process.env['PAY_CHECKOUT_OFFERS']?.split(',')[0] ?? ''} />
    </main>
  );
}

// The offer comes from the environment at request time.
export const dynamic = 'force-dynamic';
