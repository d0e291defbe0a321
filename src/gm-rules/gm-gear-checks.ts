import { Injectable, OnModuleInit } from '@nestjs/common';
import { SheetChecksService } from '../characters/sheet-checks.service';
import { fullHelmetCheckModifiers, registerGmGear } from '../core/characters/gm-gear';

registerGmGear();

/** The full helmet's −1 on a G&M sheet's perception checks (M16), through the sheet checks' hook. */
@Injectable()
export class GmGearChecks implements OnModuleInit {
  constructor(private readonly checks: SheetChecksService) {}

  onModuleInit(): void {
    this.checks.addModifier(async (_m, _who, context) =>
      context.system === 'gm' ? fullHelmetCheckModifiers(context.sheet, context.names) : [],
    );
  }
}
