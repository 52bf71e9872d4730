import { Body, Controller, Get, Headers, Param, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from '@lib/common';
import { pageLang } from './pay-page.i18n';
import { PageAnswer, PayPageService } from './pay-page.service';
import { renderPayPage } from './pay-page.view';

const langQuery = z.object({ lang: z.string().optional(), vendor_payment_id: z.string().optional() }).catch({});
const checkoutBody = z.object({ lang: z.string().optional() }).catch({});

/**
 * The hosted payment page behind `payment_link`, for customers' browsers: no token, the unguessable
 * link is the capability. HTML only, never cached, framed by no one.
 */
@ApiExcludeController()
@Controller('pay')
export class PayPageController {
  constructor(private readonly pages: PayPageService) {}

  @Get(':token')
  async show(@Param('token') token: string, @Query() query: unknown, @Headers('accept-language') accept: string | undefined, @Res() reply: FastifyReply) {
    const lang = pageLang(langQuery.parse(query).lang, accept);
    return this.answer(reply, token, lang, await this.pages.show(token));
  }

  @Post(':token/checkout')
  async checkout(@Param('token') token: string, @Body() body: unknown, @Headers('accept-language') accept: string | undefined, @Res() reply: FastifyReply) {
    const lang = pageLang(checkoutBody.parse(body ?? {}).lang, accept);
    return this.answer(reply, token, lang, await this.pages.checkout(token, lang));
  }

  @Get(':token/return')
  async returned(@Param('token') token: string, @Query() query: unknown, @Headers('accept-language') accept: string | undefined, @Res() reply: FastifyReply) {
    const q = langQuery.parse(query);
    const lang = pageLang(q.lang, accept);
    return this.answer(reply, token, lang, await this.pages.returned(token, q.vendor_payment_id));
  }

  private answer(reply: FastifyReply, token: string, lang: 'en' | 'ar', answer: PageAnswer) {
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').header('X-Content-Type-Options', 'nosniff');
    if (answer.kind === 'redirect') return reply.status(303).header('Location', answer.location).send();
    const page = renderPayPage(answer.state, lang, token, this.pages.vendorOrigin);
    return reply
      .status(answer.status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', page.csp)
      .header('Content-Language', lang)
      .send(page.html);
  }
}
