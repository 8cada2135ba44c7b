import type { LocalizedContent } from './types.ts';

/** Seeded payment and settlement agreement (route /agreement); operators edit it in the back office. */
export const paymentAgreementContent: LocalizedContent = {
  'zh-cn': {
    title: '支付结算协议',
    content: `<h2>Framecraft 支付结算协议</h2>
<p>本协议适用于您在 Framecraft 购买素材包、特效课程及 VIP 会员时的支付与结算行为。在提交订单并付款前，请您仔细阅读本协议。</p>
<h3>一、价格与订单</h3>
<p>1. 商品价格以下单时详情页或结算页显示的价格为准，以人民币元计价，精确到分。VIP 会员价、会员免费权益、优惠券及累计消费折扣将在结算页自动计算并显示最终应付金额。</p>
<p>2. 订单提交后，价格与商品信息将被锁定保存至订单中，不受之后调价影响。未支付的订单将在 30 分钟后自动关闭，您也可以在"我的订单"中主动取消。</p>
<h3>二、支付方式</h3>
<p>您可以使用账户余额、支付宝或微信支付完成付款。使用第三方支付时，支付过程由相应支付机构处理，请同时遵守其服务协议。<strong>每笔订单仅会被成功支付一次</strong>；如因网络原因重复扣款，系统将在核实后将多付金额退回原支付渠道或账户余额。</p>
<h3>三、交付</h3>
<p>数字内容在支付成功后即时交付：素材包可在"我的购买"中下载，课程可在线观看。下载链接为短时有效的授权链接，过期后可在"我的购买"中重新获取。VIP 会员自支付成功时起生效或顺延。</p>
<h3>四、退款规则</h3>
<p>1. 由于数字内容一经交付即可复制，<strong>已下载的素材或已观看超过 20% 的课程原则上不予退款</strong>。</p>
<p>2. 以下情形可申请退款：文件损坏且无法补发、内容与详情页描述严重不符、重复购买同一商品、因平台原因导致长期无法下载或观看。退款申请请在支付后 7 日内通过客服提交，经审核通过后原路退回。</p>
<p>3. 使用余额支付的订单退款退回账户余额；使用优惠券的订单退款时，优惠券按其规则处理，不折现。</p>
<h3>五、发票</h3>
<p>如需发票，请在订单完成后 90 日内通过客服申请，并提供准确的开票信息。</p>
<h3>六、异常交易处理</h3>
<p>如发现利用系统漏洞、恶意套现、盗用他人支付账户等异常交易，本平台有权取消相关订单、冻结相关权益，并依法追究责任。</p>
<h3>七、其他</h3>
<p>本协议是《用户协议》的组成部分，本协议未约定的事项适用《用户协议》。</p>`,
  },
  en: {
    title: 'Payment and Settlement Agreement',
    content: `<h2>Framecraft Payment and Settlement Agreement</h2>
<p>This agreement applies to payment and settlement when you buy material packs, visual-effects courses and VIP membership on Framecraft. Please read it carefully before you place an order and pay.</p>
<h3>1. Prices and orders</h3>
<p>1. The price is the one shown on the detail or checkout page when you order, in Chinese yuan to the cent. VIP prices, free-for-members benefits, coupons and loyalty discounts are calculated on the checkout page, which shows the final amount due.</p>
<p>2. When you submit an order, its prices and item details are saved in the order and are not affected by later price changes. An unpaid order closes automatically after 30 minutes; you can also cancel it yourself under "My orders".</p>
<h3>2. Payment methods</h3>
<p>You can pay with your account balance, Alipay or WeChat Pay. Third-party payments are processed by the respective provider, whose terms you must also follow. <strong>An order is paid successfully only once.</strong> If a network problem leads to a duplicate charge, the excess is returned to the original payment channel or to your balance after verification.</p>
<h3>3. Delivery</h3>
<p>Digital content is delivered as soon as payment succeeds: material packs can be downloaded under "My purchases" and courses can be watched online. Download links are short-lived signed links; when one expires, get a new one under "My purchases". VIP membership starts, or is extended, when payment succeeds.</p>
<h3>4. Refunds</h3>
<p>1. Because digital content can be copied once delivered, <strong>material that has been downloaded, or a course of which more than 20% has been watched, is in principle not refundable</strong>.</p>
<p>2. You may request a refund when a file is damaged and cannot be replaced, the content differs substantially from its description, you bought the same item twice, or a fault of the Platform prevents downloading or viewing for a long time. Submit the request through customer service within 7 days of payment; approved refunds go back the way you paid.</p>
<p>3. Refunds of balance payments go back to your balance. When an order used a coupon, the coupon is handled under its own rules and is not paid out in cash.</p>
<h3>5. Invoices</h3>
<p>If you need an invoice, request it through customer service within 90 days of completing the order and give accurate invoicing details.</p>
<h3>6. Irregular transactions</h3>
<p>If we find transactions that exploit system faults, cash out maliciously or use another person's payment account, the Platform may cancel the orders, freeze the related benefits and pursue liability as the law allows.</p>
<h3>7. Other terms</h3>
<p>This agreement is part of the User Agreement; matters it does not cover are governed by the User Agreement.</p>`,
  },
};
