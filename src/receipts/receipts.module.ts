import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReceiptKeyEntity } from './receipt-key.entity';
import { ReceiptKeys } from './receipt-keys.service';
import { ReceiptKeysController, ReceiptsController } from './receipts.controller';
import { ReceiptsResolver } from './receipts.resolver';

/** Signed roll receipts: the signing key, the JWK set and the verification endpoint. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ReceiptKeyEntity])],
  controllers: [ReceiptsController, ReceiptKeysController],
  providers: [ReceiptKeys, ReceiptsResolver],
  exports: [ReceiptKeys],
})
export class ReceiptsModule {}
