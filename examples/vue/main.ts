/**
 * A Vue 3 shop page with the checkout (docs/widget.md, "Vue"). Vue passes `customer` to the element
 * as a property (the element is defined before the app mounts, so Vue sees the property) and
 * listens to its `pay-*` events with `@pay-…`. The relay is mounted at /checkout on the page's
 * own server.
 */
import 'pay-checkout/widget/define';
import { createApp, defineComponent, ref } from 'vue';
import type { PayOrderCreatedEvent } from 'pay-checkout/widget';

const Shop = defineComponent({
  setup() {
    const buyer = { name: 'Maria Silva', email: 'maria.silva@example.com', phone: '11987654321', document: '52998224725' };
    const orderId = ref('');
    const paid = ref(false);
    return {
      buyer,
      orderId,
      paid,
      onOrderCreated: (event: PayOrderCreatedEvent) => (orderId.value = event.detail.order.id),
      onPaid: () => (paid.value = true),
    };
  },
  template: `
    <main>
      <h1>Loja</h1>
      <p v-if="paid" id="thanks">Obrigado! Pedido {{ orderId }} pago.</p>
      <pay-checkout
        v-else
        relay="/checkout"
        offer="77BcHrY"
        methods="pix"
        :customer="buyer"
        @pay-order-created="onOrderCreated"
        @pay-paid="onPaid"
      ></pay-checkout>
    </main>
  `,
});

const app = createApp(Shop);
// The `pay-` tags are custom elements, not Vue components.
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('pay-');
app.mount('#app');
