'use client';
/** The checkout on the shop's page: rendered on the server, hydrated, and on `pay-paid` the buyer goes to /obrigado. */
import { useRouter } from 'next/navigation';
import { PayCheckout } from 'pay-checkout/react';

export function Checkout({ offer }: { offer: string }) {
  const router = useRouter();
  return (
    <PayCheckout
      relay="/api/checkout"
      offer={offer}
      methods="pix"
      customer={{ name: 'Maria Silva', email: 'maria.silva@example.com', phone: '11987654321', document: '52998224725' }}
      onPaid={(event) => router.push(`/obrigado?pedido=${encodeURIComponent(event.detail.order.id)}`)}
    />
  );
}
