import { inReferenceOrder, placeInReferenceSection } from './context-parts';

describe('inReferenceOrder', () => {
  class CasesController {}
  class ZetaController {}
  class TransfersController {}
  class AlphaController {}
  class BetaController {}

  it('keeps the registration order, with the controllers of one section together where the first stands, by name', () => {
    placeInReferenceSection('probate', [ZetaController, BetaController]);
    placeInReferenceSection('probate', [AlphaController]);
    expect(inReferenceOrder([CasesController, ZetaController, TransfersController, AlphaController, BetaController])).toEqual([
      CasesController,
      AlphaController,
      BetaController,
      ZetaController,
      TransfersController,
    ]);
  });

  it('leaves controllers of no section where they are', () => {
    expect(inReferenceOrder([TransfersController, CasesController])).toEqual([TransfersController, CasesController]);
  });
});
