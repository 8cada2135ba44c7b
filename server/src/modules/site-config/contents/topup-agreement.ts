import type { LocalizedContent } from './types.ts';

/** Seeded top-up agreement (route /topup-agreement); operators edit it in the back office. */
export const topupAgreementContent: LocalizedContent = {
  'zh-cn': {
    title: '充值协议',
    content: `<h2>Framecraft 充值协议</h2>
<p>在您为 Framecraft 账户充值余额前，请仔细阅读本协议。您确认充值即表示同意本协议全部内容。</p>
<h3>一、余额的性质与用途</h3>
<p>账户余额是您预先支付、用于在本平台购买素材包、特效课程及 VIP 会员的预付款项，以人民币元计，精确到分。<strong>余额仅限在本平台内消费，不可转账给其他账户，也不可用于购买本平台以外的商品或服务。</strong></p>
<h3>二、充值方式与金额</h3>
<p>1. 您可通过支付宝或微信支付充值，可选择页面提供的固定金额档位，也可在页面允许的范围内输入自定义金额。</p>
<p>2. 部分充值档位可能附带赠送金额，赠送规则以充值时页面公示为准。赠送金额与充值金额一同计入余额，但在退款时不予退还。</p>
<p>3. 充值成功后余额即时到账，您可在"余额明细"中查看每一笔变动及变动前后的余额。如支付成功但 10 分钟内余额未到账，请联系客服并提供支付凭证。</p>
<h3>三、余额的使用</h3>
<p>结算时选择余额支付，将从余额中扣除订单应付金额；余额不足时无法使用余额支付，请先充值或选择其他支付方式。余额不会产生利息。</p>
<h3>四、退款</h3>
<p>1. 未消费的充值余额可在充值之日起 30 日内申请退还，退还金额为实际支付金额扣除已使用部分，按原支付渠道退回；赠送金额不予退还，已使用的赠送金额将从退还金额中扣除。</p>
<p>2. 因违反《用户协议》被限制使用的账户，其余额的处理以调查结论为准。</p>
<h3>五、账户安全</h3>
<p>请妥善保管您的账户与密码。<strong>因您个人原因导致账户被他人登录并消费余额的，本平台不承担赔偿责任</strong>，但会尽力协助您冻结账户、查询消费记录。</p>
<h3>六、未成年人充值</h3>
<p>未成年人充值应事先取得监护人同意。监护人发现未成年人未经同意充值的，可联系客服并提供相关证明，我们将依法协助处理。</p>
<h3>七、其他</h3>
<p>本协议是《用户协议》及《支付结算协议》的补充，三者冲突时，就充值事项以本协议为准。</p>`,
  },
  en: {
    title: 'Top-up Agreement',
    content: `<h2>Framecraft Top-up Agreement</h2>
<p>Please read this agreement carefully before you top up the balance of your Framecraft account. By confirming a top-up you accept all of it.</p>
<h3>1. What the balance is and what it is for</h3>
<p>Your account balance is a prepayment for buying material packs, visual-effects courses and VIP membership on the Platform, counted in Chinese yuan to the cent. <strong>The balance can only be spent on the Platform; it cannot be transferred to another account or used for goods or services outside the Platform.</strong></p>
<h3>2. How to top up and how much</h3>
<p>1. You can top up with Alipay or WeChat Pay, choosing one of the fixed amounts on the page or entering a custom amount within the range the page allows.</p>
<p>2. Some amounts may come with a bonus, under the rules shown on the page when you top up. The bonus is added to your balance together with the amount you paid, but it is not refunded.</p>
<p>3. After a successful top-up your balance is credited immediately. "Balance history" lists every change with the balance before and after it. If your payment succeeded but the balance has not arrived within 10 minutes, contact customer service with your payment receipt.</p>
<h3>3. Spending the balance</h3>
<p>When you choose balance payment at checkout, the amount due is deducted from your balance. If the balance is insufficient, top up first or choose another payment method. The balance earns no interest.</p>
<h3>4. Refunds</h3>
<p>1. Unspent balance can be refunded on request within 30 days of the top-up: the amount you actually paid minus what you have spent, returned through the original payment channel. Bonuses are not refunded, and any bonus already spent is deducted from the refund.</p>
<p>2. For accounts restricted for breaching the User Agreement, the balance is handled according to the outcome of the investigation.</p>
<h3>5. Account security</h3>
<p>Keep your account and password safe. <strong>The Platform does not compensate balance spent by someone who logged in to your account through your own fault</strong>, but we will do our best to help you freeze the account and review its spending.</p>
<h3>6. Top-ups by minors</h3>
<p>Minors must obtain their guardian's consent before topping up. A guardian who finds a top-up made without consent can contact customer service with supporting evidence, and we will help as the law requires.</p>
<h3>7. Other terms</h3>
<p>This agreement supplements the User Agreement and the Payment and Settlement Agreement; where they conflict on top-ups, this agreement prevails.</p>`,
  },
};
