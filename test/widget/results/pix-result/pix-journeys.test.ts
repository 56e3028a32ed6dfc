import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Messages } from '../../../../src/widget/i18n/catalogue.js';
import ptBRForm from '../../../../src/widget/i18n/messages/pt-BR.js';
import ptBRCard from '../../../../src/widget/i18n/messages/pt-BR.card.js';
import ptBRResults from '../../../../src/widget/i18n/messages/pt-BR.results.js';

const ptBR: Messages = { ...ptBRForm, ...ptBRCard, ...ptBRResults };
import { authorizesByRequest, journeyText } from '../../../../src/widget/results/pix-result/pix-journeys.js';

describe('the Pix Automático journeys', () => {
  it('explains each of the four journeys with its own text', () => {
    const texts = ['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4'].map((journey) => journeyText(journey));
    assert.deepEqual(texts, ['pixAuto.journey.JORNADA_1', 'pixAuto.journey.JORNADA_2', 'pixAuto.journey.JORNADA_3', 'pixAuto.journey.JORNADA_4']);
    assert.equal(new Set(texts.map((key) => ptBR[key])).size, 4);
  });

  it('says what each journey means for the buyer', () => {
    const pt = ptBR;
    assert.match(pt['pixAuto.journey.JORNADA_1'], /pedido de autorização será enviado ao app/);
    assert.match(pt['pixAuto.journey.JORNADA_2'], /Nada é cobrado agora/);
    assert.match(pt['pixAuto.journey.JORNADA_3'], /paga agora a primeira cobrança, e esse pagamento já autoriza/);
    assert.match(pt['pixAuto.journey.JORNADA_4'], /paga agora a primeira cobrança\. Em seguida/);
  });

  it('gives the general explanation for a journey it does not know, or none', () => {
    assert.equal(journeyText('JORNADA_9'), 'pixAuto.journey.other');
    assert.equal(journeyText(null), 'pixAuto.journey.other');
  });

  it('has no code to scan only in JORNADA_1', () => {
    assert.equal(authorizesByRequest('JORNADA_1'), true);
    assert.equal(authorizesByRequest('JORNADA_4'), false);
    assert.equal(authorizesByRequest(null), false);
  });
});
