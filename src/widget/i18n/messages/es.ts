/** The widget's texts in neutral Latin-American Spanish (keys from the pt-BR source). */
import type { Messages } from '../catalogue.js';

export const es: Messages = {
  'checkout.loading': 'Cargando…',
  'checkout.loadFailed': 'No se pudo cargar el pago. Revisa tu conexión e inténtalo de nuevo.',
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
  'method.threeDs.name': 'Tarjeta de crédito con 3-D Secure',
  'method.threeDs.description': 'Tu banco confirma la compra con una verificación de seguridad adicional.',

  'card.brand.visa': 'Visa',
  'card.brand.mastercard': 'Mastercard',
  'card.brand.amex': 'American Express',
  'card.brand.elo': 'Elo',
  'card.brand.hipercard': 'Hipercard',
  'card.brand.diners': 'Diners Club',
  'card.brand.discover': 'Discover',

  'field.optional': '(opcional)',
  'field.error.required': 'Completa este campo.',

  'field.name.label': 'Nombre completo',
  'field.name.hint': 'Como aparece en tu documento.',
  'field.personName.error.required': 'Ingresa el nombre.',
  'field.personName.error.characters': 'Usa solo letras, espacios, apóstrofos y guiones.',
  'field.personName.error.tooShort': 'Ingresa el nombre completo.',

  'field.email.label': 'Correo electrónico',
  'field.email.hint': 'Te enviaremos la confirmación de la compra a esta dirección.',
  'field.email.error.required': 'Ingresa tu correo electrónico.',
  'field.email.error.invalid': 'Correo electrónico no válido. Revisa que tenga el formato nombre@ejemplo.com.',

  'field.phone.label': 'Teléfono',
  'field.phone.hint': 'Con código de área (DDD), por ejemplo (11) 98765-4321.',
  'field.phone.error.required': 'Ingresa tu teléfono con código de área.',
  'field.phone.error.length': 'Teléfono incompleto. Ingresa el código de área y el número.',
  'field.phone.error.areaCode': 'Código de área (DDD) no válido. Ingresa sus 2 dígitos, sin el 0.',
  'field.phone.error.mobileNinthDigit': 'Los celulares de Brasil tienen 9 dígitos después del código de área y empiezan con 9.',
  'field.phone.error.invalid': 'Número de teléfono no válido. Revisa los dígitos.',
  'field.phone.error.international': 'Número internacional no válido. Ingresa + y el código del país, con hasta 15 dígitos.',

  'field.document.label': 'CPF o CNPJ',
  'field.document.hint': 'Puedes ingresar solo los números.',
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

  'field.postalCode.label': 'CEP (código postal)',
  'field.postalCode.hint': 'Por ejemplo 01310-100.',
  'field.postalCode.error.required': 'Ingresa el CEP.',
  'field.postalCode.error.length': 'El CEP tiene 8 dígitos.',
  'field.street.label': 'Dirección',
  'field.street.hint': 'Calle, avenida…',
  'field.addressNumber.label': 'Número',
  'field.addressNumber.hint': 'Si no tiene número, escribe S/N.',
  'field.complement.label': 'Complemento',
  'field.complement.hint': 'Departamento, torre, oficina.',
  'field.neighborhood.label': 'Barrio',
  'field.city.label': 'Ciudad',
  'field.state.label': 'Estado',
  'field.state.hint': 'Sigla de 2 letras, por ejemplo SP.',
  'field.country.label': 'País',

  'field.cardNumber.label': 'Número de la tarjeta',
  'field.cardNumber.hint': 'Los dígitos del frente de la tarjeta.',
  'field.cardNumber.brand': 'Marca: {brand}',
  'field.cardNumber.error.required': 'Ingresa el número de la tarjeta.',
  'field.cardNumber.error.length': 'Al número de la tarjeta le faltan o le sobran dígitos.',
  'field.cardNumber.error.invalid': 'Número de tarjeta no válido. Revisa los dígitos.',

  'field.cardExpiry.label': 'Vencimiento',
  'field.cardExpiry.hint': 'MM/AA',
  'field.cardExpiry.error.required': 'Ingresa el vencimiento de la tarjeta.',
  'field.cardExpiry.error.invalid': 'Vencimiento no válido. Usa el formato MM/AA.',
  'field.cardExpiry.error.expired': 'Esta tarjeta está vencida.',

  'field.cardCvv.label': 'Código de seguridad (CVV)',
  'field.cardCvv.hint': 'Los 3 dígitos del reverso de la tarjeta.',
  'field.cardCvv.hintAmex': 'Los 4 dígitos del frente de la tarjeta.',
  'field.cardCvv.error.required': 'Ingresa el código de seguridad.',
  'field.cardCvv.error.threeDigits': 'El código de seguridad de esta tarjeta tiene 3 dígitos.',
  'field.cardCvv.error.fourDigits': 'El código de seguridad de esta tarjeta tiene 4 dígitos.',
  'field.cardCvv.error.invalid': 'El código de seguridad tiene 3 o 4 dígitos.',

  'field.holderName.label': 'Nombre impreso en la tarjeta',
  'field.holderName.hint': 'Tal como aparece en la tarjeta.',

  'field.installments.label': 'Cuotas',
  'field.installments.hint': {
    one: 'Pago en {count} cuota.',
    other: 'Hasta {count} cuotas.',
  },
  'installments.option.interestFree': {
    one: 'En un pago: {total}',
    other: '{count} cuotas de {amount} sin interés (total {total})',
  },
  'installments.option.withInterest': {
    one: '{count} cuota de {amount} con interés (total {total})',
    other: '{count} cuotas de {amount} con interés (total {total})',
  },

  'error.network': 'No hay conexión con el servidor. Revisa tu conexión a internet e inténtalo de nuevo.',
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
};
