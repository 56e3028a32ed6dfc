/** The result views' own texts in neutral Latin-American Spanish (keys from the pt-BR source, pt-BR.results.ts). */
import type { ResultMessages } from '../catalogue-shape.js';

const esResults: ResultMessages = {
  'copy.copyCode': 'Copiar código',
  'copy.copyLine': 'Copiar línea digitable',
  'copy.copied': '¡Copiado!',
  'copy.announce.copied': 'Copiado al portapapeles.',
  'copy.announce.selected': 'Texto seleccionado. Usa la opción Copiar de tu dispositivo para copiarlo.',
  'pix.title': 'Paga con Pix',
  'pix.qr.label': 'Código QR de Pix para pagar {amount}',
  'pix.qr.loading': 'Generando el código QR…',
  'pix.qr.failed': 'No se pudo mostrar el código QR. Usa el código Pix copia y pega.',
  'pix.code.label': 'Código Pix copia y pega',
  'pix.countdown.label': 'El código vence en',
  'pix.countdown.mark': {
    one: 'Falta {count} minuto para que venza el código Pix.',
    other: 'Faltan {count} minutos para que venza el código Pix.',
  },
  'pix.steps.title': 'Cómo pagar',
  'pix.steps.openApp': 'Abre la app de tu banco y entra en el área de Pix.',
  'pix.steps.scan': 'Elige pagar con código QR y apunta la cámara al código, o elige Pix copia y pega y pega el código.',
  'pix.steps.confirm': 'Revisa el monto y el destinatario, y confirma el pago.',
  'pix.waiting': 'Después de pagar, quédate en esta página: la confirmación aparecerá aquí en unos instantes.',
  'pix.expired.title': 'El código Pix venció',
  'pix.expired.text': 'Este código ya no se puede pagar. Genera uno nuevo para completar la compra.',
  'pix.expired.newCharge': 'Generar un nuevo código Pix',
  'pixAuto.title': 'Autoriza el Pix Automático',
  'pixAuto.journey.JORNADA_1':
    'Se enviará una solicitud de autorización a la app de tu banco. La autorización se hace solo desde esa solicitud: ábrela, revisa los datos de los cobros recurrentes y autoriza.',
  'pixAuto.journey.JORNADA_2':
    'Al leer el código QR, autorizas los cobros recurrentes en la app de tu banco. No se cobra nada ahora: los cobros se debitarán en las fechas acordadas.',
  'pixAuto.journey.JORNADA_3':
    'Al leer el código QR, pagas ahora el primer cobro, y ese pago ya autoriza los siguientes cobros recurrentes. No es posible pagar sin autorizar.',
  'pixAuto.journey.JORNADA_4':
    'Al leer el código QR, pagas ahora el primer cobro. Después, la app de tu banco te pide que autorices los siguientes cobros recurrentes.',
  'pixAuto.journey.other': 'Al leer el código QR en la app de tu banco, autorizas los cobros recurrentes de esta suscripción.',
  'pixAuto.access': 'El acceso se libera después de que se confirme la autorización.',
  'pixAuto.waiting': 'Esperando la confirmación de la autorización. Esta página se actualiza sola.',
  'pixAuto.steps.request': 'Abre la app de tu banco y busca la solicitud de autorización de Pix Automático en las notificaciones o en el área de Pix.',
  'pixAuto.steps.review': 'Revisa los datos de los cobros recurrentes y confirma la autorización.',
  'pixAuto.terms.title': 'Lo que autorizas',
  'pixAuto.terms.amount': 'Monto de cada cobro',
  'pixAuto.terms.frequency': 'Frecuencia',
  'pixAuto.terms.first': 'Primer cobro',
  'pixAuto.terms.next': 'Próximo cobro',
  'pixAuto.terms.count': 'Número de cobros',
  'pixAuto.terms.untilCancelled': 'Hasta que lo canceles',
  'pixAuto.terms.monthly': 'Mensual',
  'pixAuto.terms.yearly': 'Anual',
  'pixAuto.terms.everyDays': { one: 'Todos los días', other: 'Cada {count} días' },
  'pixAuto.confirmed.text': 'Tu Pix Automático está activo.',
  'boleto.title': 'Paga el boleto',
  'boleto.line.label': 'Línea digitable del boleto',
  'boleto.dueDate': 'Vencimiento: {date}',
  'boleto.pdf': 'Abrir el boleto en PDF',
  'boleto.pdf.newTab': '(se abre en una pestaña nueva)',
  'boleto.howTo': 'Págalo en la app o el sitio web de tu banco, en una agencia o en una lotería, hasta el vencimiento. Copia la línea digitable o abre el PDF.',
  'boleto.clearing': 'El banco tarda de 1 a 3 días hábiles en confirmar el pago del boleto. No necesitas quedarte en esta página.',
  // The amount due and the paid title, which only the Pix, Pix Automático and boleto views show
  // (the order's announcement reads the title too, once the view and its texts are on the page).
  'result.amountDue': 'Monto a pagar: {amount}',
  'payment.confirmed': '¡Pago confirmado!',
  'pixAuto.confirmed.title': '¡Autorización confirmada!',
};

export default esResults;
