import { useEffect } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/keranjang-pesan";
import { useWhatsAppTab } from "~/features/checkout/whatsapp-tab.ts";
import type { CheckoutRecorded } from "~/features/checkout/checkout.ts";
import { QuickOrderForm } from "~/features/checkout/quick-order-form.tsx";
import { quickOrderAction, quickOrderPage } from "~/features/checkout/quick-order.server.ts";
import { pictureSrcSet } from "~/features/media/images.ts";
import { actionHeaders } from "~/lib/action-headers.ts";
import { lazyComponent } from "~/lib/lazy-component.ts";

// "Pesan" on one dish (0038), with or without JavaScript; under /keranjang so the details' cookie reaches it.
// The picture's sizes come with the data: the image helpers stay off this page's code.
export async function loader(args: Route.LoaderArgs) {
  const page = await quickOrderPage(args, args.params.menu);
  return { ...page, srcSet: pictureSrcSet(page.item.gambar, "menu") };
}

export const action = (args: Route.ActionArgs) => quickOrderAction(args);

const OrderRecorded = lazyComponent<{ order: CheckoutRecorded; opened: boolean | null }>(() =>
  import("~/features/checkout/order-recorded.tsx").then((module) => ({ default: module.OrderRecorded })),
);

export const headers = actionHeaders;

export default function PesanLangsung({ loaderData, actionData }: Route.ComponentProps) {
  const { item, family, srcSet } = loaderData;
  const whatsApp = useWhatsAppTab();
  useEffect(() => {
    if (actionData) whatsApp.settle(actionData.status === "success" ? actionData.whatsappUrl : null);
    // Once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);
  return (
    <div className="mx-auto max-w-xl px-4 pt-8">
      <h1 className="section-title sm:text-4xl">Pesan {family ?? item.nama}</h1>
      <div className="card mt-6 p-4 sm:p-6">
        {actionData?.status === "success" ? (
          <>
            <OrderRecorded order={actionData} opened={whatsApp.opened} />
            <Link to="/produk" className="btn-secondary mt-4 w-full">
              Kembali ke menu
            </Link>
          </>
        ) : (
          <>
            <img
              src={item.gambar}
              srcSet={srcSet}
              sizes="96px"
              alt=""
              width={96}
              height={72}
              className="mb-4 h-16 w-20 rounded-2xl bg-chili-50 object-cover"
            />
            <QuickOrderForm page={loaderData} answer={actionData} Form={Form} whatsApp={whatsApp} />
          </>
        )}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Pesan ${loaderData.family ?? loaderData.item.nama}` : "Pesan" },
  { name: "robots", content: "noindex" },
];
