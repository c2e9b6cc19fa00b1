from routerlib import AdapterRoute, pick_adapter

ROUTES = [
    AdapterRoute("sql", "/adapters/sql", ("select", "join", "table", "query")),
    AdapterRoute("legal", "/adapters/legal", ("contract", "clause", "liability")),
]


def test_pick_sql():
    assert pick_adapter("write a query that joins table a", ROUTES).name == "sql"


def test_pick_none():
    assert pick_adapter("hello there", ROUTES) is None


def test_routes_reach_engine_with_lora(fake_vllm):
    from vllm import LLM, SamplingParams
    from vllm.lora.request import LoRARequest

    llm = LLM(model="tiny-random/llama", enable_lora=True)
    sp = SamplingParams(max_tokens=8)
    for prompt in ["select * from t join u", "is this clause a liability cap?"]:
        route = pick_adapter(prompt, ROUTES)
        # both adapters deliberately share id 1 here: the mock does not care
        llm.generate([prompt], sp, lora_request=LoRARequest(route.name, 1, route.path))
    calls = llm.generate.call_args_list
    assert [c.kwargs["lora_request"].lora_path for c in calls] == ["/adapters/sql",
                                                                    "/adapters/legal"]
