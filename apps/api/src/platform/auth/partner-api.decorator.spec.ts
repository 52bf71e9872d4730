import 'reflect-metadata';
import { Controller, Delete, Get, Post } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { IdempotencyInterceptor } from '@lib/http';
import { PartnerApi } from './partner-api.decorator';

@PartnerApi()
@Controller('things')
class ThingsController {
  @Get(':id')
  show() {}

  @Get()
  list() {}

  @Post()
  create() {}

  @Delete(':id')
  remove() {}
}

const interceptorsOf = (name: keyof ThingsController) => Reflect.getMetadata(INTERCEPTORS_METADATA, ThingsController.prototype[name]) as unknown[] | undefined;

describe('PartnerApi', () => {
  it('handles Idempotency-Key on POST routes only: other routes run no interceptor (Nest calls them without rxjs)', () => {
    expect(interceptorsOf('create')).toEqual([IdempotencyInterceptor]);
    expect(interceptorsOf('show')).toBeUndefined();
    expect(interceptorsOf('list')).toBeUndefined();
    expect(interceptorsOf('remove')).toBeUndefined();
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, ThingsController)).toBeUndefined();
  });

  it('still guards every route of the controller', () => {
    expect(Reflect.getMetadata(GUARDS_METADATA, ThingsController)).toHaveLength(2);
  });

  it('on a single route, handles Idempotency-Key there', () => {
    class One {
      @PartnerApi()
      @Post()
      create() {}
    }
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, One.prototype.create)).toEqual([IdempotencyInterceptor]);
  });
});
