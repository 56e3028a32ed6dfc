/** The widget's texts in neutral Latin-American Spanish (keys from the pt-BR source). */
import type { FormMessages } from '../catalogue-shape.js';

const es: FormMessages = {
  'checkout.loadFailed': 'No se pudo cargar el pago. Revisa tu conexión e inténtalo de nuevo.',
  'checkout.loadFailedService': 'El pago no está disponible en este momento. Inténtalo de nuevo en unos instantes.',
  'checkout.retry': 'Intentar de nuevo',
  'checkout.methods.legend': '¿Cómo quieres pagar?',
  'checkout.customer.legend': 'Tus datos',
  'checkout.card.legend': 'Datos de la tarjeta',
  'checkout.address.legend': 'Dirección de facturación',
  'checkout.submit': 'Pagar {amount}',
  'checkout.submitting': 'Procesando el pago…',
  'checkout.fieldsToFix': {
    one: 'Hay {count} campo por corregir.',
    other: 'Hay {count} campos por corregir.',
  },

  'method.pix.name': 'Pix',
  'method.pix.description': 'Pago instantáneo, confirmado en segundos.',
  'method.pix_auto.name': 'Pix Automático',
  'method.pix_auto.description':
    'Autorizas los cobros recurrentes en la app de tu banco. El acceso se libera en cuanto se confirma la autorización.',
  'method.boleto.name': 'Boleto bancario',
  'method.boleto.description': 'Se acredita entre 1 y 3 días hábiles después del pago.',
  'method.credit_card.name': 'Tarjeta de crédito',
  'method.credit_card.description': 'Aprobación inmediata, en un pago o en cuotas.',

  'field.optional': '(opcional)',
  'field.error.required': 'Completa este campo.',

  'field.name.label': 'Nombre completo',
  'field.personName.error.required': 'Ingresa el nombre.',
  'field.personName.error.characters': 'Usa solo letras, espacios, apóstrofos y guiones.',
  'field.personName.error.tooShort': 'Ingresa el nombre completo.',

  'field.email.label': 'Correo electrónico',
  'field.email.hint': 'Te enviaremos la confirmación de la compra a esta dirección.',
  'field.email.error.required': 'Ingresa tu correo electrónico.',
  'field.email.error.invalid': 'Correo electrónico no válido. Revisa que tenga el formato nombre@ejemplo.com.',
  'field.email.suggestion': '¿Quisiste decir {address}?',

  'field.phone.label': 'Teléfono',
  // No-break spaces (\u00a0) keep each example number on one line.
  'field.phone.hint': 'Con + y el código del país, por ejemplo +52\u00a055\u00a01234\u00a05678. Para un número de Brasil basta el código de área: (11)\u00a098765-4321.',
  'field.phone.error.required': 'Ingresa tu teléfono con código de área.',
  'field.phone.error.length': 'Teléfono incompleto. Ingresa el código de área y el número.',
  'field.phone.error.areaCode': 'Código de área (DDD) no válido. Ingresa sus 2 dígitos, sin el 0.',
  'field.phone.error.mobileNinthDigit': 'Los celulares de Brasil tienen 9 dígitos después del código de área y empiezan con 9.',
  'field.phone.error.invalid': 'Número de teléfono no válido. Revisa los dígitos.',
  'field.phone.error.international': 'Número internacional no válido. Ingresa + y el código del país, con hasta 15 dígitos.',

  'field.document.label': 'CPF o CNPJ',
  'field.document.hint': 'El CPF (de una persona) o el CNPJ (de una empresa) es la identificación fiscal de Brasil. Solo se pide para pagar con boleto o Pix Automático.',
  'field.document.error.required': 'Ingresa tu CPF o CNPJ.',
  'field.document.error.length': 'Ingresa los 11 dígitos del CPF o los 14 del CNPJ.',
  'field.document.error.cpfInvalid': 'CPF no válido. Revisa los números.',
  'field.document.error.cnpjInvalid': 'CNPJ no válido. Revisa los números.',

  'field.birthDate.label': 'Fecha de nacimiento',
  'field.birthDate.hint': 'DD/MM/AAAA',
  'field.birthDate.error.required': 'Ingresa tu fecha de nacimiento.',
  'field.birthDate.error.invalid': 'Fecha no válida. Usa el formato DD/MM/AAAA.',
  'field.birthDate.error.future': 'La fecha de nacimiento no puede ser futura.',
  'field.birthDate.error.tooOld': 'Revisa el año de nacimiento.',

  'error.network': 'No hay conexión con el servidor. Revisa tu conexión a internet e inténtalo de nuevo.',
  'error.serviceUnavailable': 'El servicio de pago no respondió. Tus datos están guardados: inténtalo de nuevo en unos instantes.',
  'error.rateLimited': {
    one: 'Demasiados intentos en poco tiempo. Volveremos a intentarlo en {count} segundo.',
    other: 'Demasiados intentos en poco tiempo. Volveremos a intentarlo en {count} segundos.',
  },
  'error.unexpected': 'Algo salió mal. Inténtalo de nuevo en unos instantes.',

  'payment.paid': '¡Pago aprobado!',
  'payment.declined':
    'El banco emisor no autorizó el pago. Consulta con tu banco el límite y el bloqueo de la tarjeta, usa otra tarjeta o elige otro medio de pago.',
  'payment.refused':
    'No pudimos procesar la tarjeta por una falla técnica. Inténtalo de nuevo en unos minutos o elige otro medio de pago.',
  'payment.pending': 'Esperando la confirmación de tu banco. No cierres esta página.',

  'threeDs.authenticating': 'Verificando con tu banco…',
  'threeDs.dialog.title': 'Confirma la compra con tu banco',
  'threeDs.dialog.description': 'Tu banco solicitó una verificación de seguridad. Sigue las instrucciones a continuación.',
  'threeDs.dialog.frameTitle': 'Verificación de seguridad del banco',
  'threeDs.dialog.cancel': 'Cancelar verificación',
  'threeDs.cancelled': 'Verificación cancelada. Tus datos siguen completos: inténtalo de nuevo cuando quieras.',
  'threeDs.failed': 'Tu banco no confirmó la verificación. Inténtalo de nuevo o usa otra tarjeta.',

  // <pay-checkout>: states, results and the order.
  'checkout.noMethods': 'Ninguna forma de pago está disponible para esta oferta.',
  'checkout.retrySafe': 'Intentarlo de nuevo no genera un cobro duplicado.',
  'checkout.queued': 'Muchas compras en este momento. Tu turno en alrededor de {count} s.',
  'checkout.step.tokenizing': 'Protegiendo los datos de la tarjeta…',
  'error.offerUnavailable': 'Esta oferta no está disponible para la compra.',
  'error.paymentUnavailable': 'El vendedor no puede recibir pagos en este momento. Inténtalo de nuevo más tarde.',
  'error.methodUnavailable': 'Esta forma de pago no está disponible ahora. Elige otra.',
  'error.methodUnavailableHere': 'No disponible para esta compra en este momento.',
  'error.checkFields': 'Algunos datos fueron rechazados. Revisa los campos indicados.',
  'error.fieldNotAccepted': 'El servicio de pago no aceptó este dato. Revísalo y vuelve a intentarlo.',
  'error.cardNotAccepted': 'No fue posible validar esta tarjeta. Revisa los datos o usa otra tarjeta.',
  'error.rateLimitedWait': {
    one: 'Demasiados intentos en poco tiempo. Espera {count} segundo e inténtalo de nuevo.',
    other: 'Demasiados intentos en poco tiempo. Espera {count} segundos e inténtalo de nuevo.',
  },
  'order.created.title': 'Pedido creado',
  'order.reference': 'Código del pedido: {reference}',
  'order.status': 'Estado: {status}',
  'order.statusChanged': 'Estado del pedido: {status}',
  'order.status.waiting_payment': 'Esperando el pago',
  'order.status.paid': 'Pagado',
  'order.status.declined': 'No autorizado',
  'order.status.refused': 'Rechazado',
  'order.status.pending': 'Esperando la confirmación del banco',
  'order.status.other': 'En proceso',
  // What every result view shows, and the card outcomes; what only the Pix and boleto views show is in the results part.
  'result.amountPaid': 'Monto pagado: {amount}',
  'result.paid.next': 'Recibirás el acceso por correo electrónico.',
  'result.changeMethod': 'Elegir otro medio de pago',
  'card.declined.title': 'Pago no autorizado',
  'card.declined.action': 'Intentar con otra tarjeta',
  'card.refused.title': 'No se pudo completar el pago',
  'card.pending.title': 'Esperando la confirmación del banco',
};

export default es;
