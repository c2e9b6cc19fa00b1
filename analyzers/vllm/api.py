"""What vLLM offers a driver, as the LoRA cache sees it: ONE table that the analyzer reads.

Request class and fields, engine classes and their arguments, serve methods, cache operations
(name -> effect), the OpenAI server's routes, and the byte needles that pick candidate files:
the interpreter (`interpret/vllm_api.py`, `interpret/server_api.py`), the judge and the file
prefilter all read these entries and nothing else. Every entry carries the small drivers that
show it, each with the verdict the audit must give and key words of its reason; they are the
entry's tests (`tests/analyzers/test_vllm_api.py` runs each through the real scan).

Adding an API whose effect is already modelled (another way to drop an adapter, another serve
method) is one new entry here. Names arrive resolved through imports (`from vllm import LLM as
Engine` still reads `vllm.LLM`), so a class of the analysed code merely named `LLM` never matches.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from enum import StrEnum

from analyzers.model import Verdict
from analyzers.vllm.releases import LOAD_INPLACE_SINCE, VllmVersion

MODULE = "vllm"  # a qualified name from vLLM starts with this
# Prepended to every example: the imports nearly every driver starts with.
HEADER = "from vllm import LLM, SamplingParams\nfrom vllm.lora.request import LoRARequest\n\n"


@dataclass(frozen=True)
class Example:
    """A small driver that shows an entry, and what the audit must say about it."""

    verdict: Verdict
    code: str  # the driver after HEADER (indented as the table is; dedented to run)
    reason: tuple[str, ...] = ()  # words the row's reason contains
    vllm: str | None = None  # judged at this release (as --vllm-version), else unpinned

    @property
    def driver(self) -> str:
        return HEADER + textwrap.dedent(self.code).lstrip("\n")


class Effect(StrEnum):
    """What a call does to the adapters an engine (or a server) holds."""

    LOAD = "load"  # load the request's adapter; an id already cached is only touched
    REMOVE = "remove"  # drop an id: its next request reads the folder again
    PIN = "pin"  # keep an id from LRU eviction
    QUERY = "query"  # read what is cached; changes nothing
    NONE = "none"  # an engine method that touches no adapter
    RELOAD = "reload-in-place"  # re-read the folder even though the id is cached
    UNLOAD = "unload"  # the server forgets a name (and removes its id)
    SERVE = "serve"  # the server answers with the adapter it holds under a name


@dataclass(frozen=True)
class RequestClass:
    """The class whose instances name an adapter; a repository subclass stands for it."""

    name: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class RequestField:
    """One argument of `LoRARequest(...)`; `holds` is the part of a request it sets."""

    name: str
    holds: str  # "name", "lora_id", "path" or "load_inplace" (attributes of a modelled request)
    position: int | None  # positional index, None when keyword-only
    examples: tuple[Example, ...]
    aliases: tuple[str, ...] = ()  # properties that read it back (`request.adapter_id`)
    since: VllmVersion | None = None  # the first release that accepts it (a TypeError before)
    effect: Effect | None = None  # what passing it as True does
    needle: bool = False  # its name alone makes a file a candidate


@dataclass(frozen=True)
class ContentField:
    """A request field that is the adapter's content (in-memory weights, their config).

    A request's identity is (path, content): re-adding a resident id with a new payload under
    the same path is a cache hit that keeps the old weights. Any field not in REQUEST_FIELDS
    (a repository subclass's own fields included) counts as content too; these are the ones
    vLLM's loaders and the RL frameworks read.
    """

    name: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class EngineClass:
    """A class whose instance owns one adapter cache, from construction until it is dropped."""

    name: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class EngineArgument:
    """A keyword of an engine (or of its `EngineArgs`) that matters to the adapter cache."""

    name: str
    role: str  # "max_loras" / "max_cpu_loras" (the cache size) or "enable" (LoRA on)
    examples: tuple[Example, ...]
    needle: bool = False


@dataclass(frozen=True)
class ArgsClass:
    """`EngineArgs`-like: keywords collected first, handed to an engine constructor later."""

    name: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class Facet:
    """An attribute of an engine that reaches the same engine (`llm.llm_engine`)."""

    name: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class ServeMethod:
    """An engine method that serves the requests passed to it (`lora_request=` or positional)."""

    name: str
    examples: tuple[Example, ...]


@dataclass(frozen=True)
class EngineMethod:
    """An engine method by name, with what it does to the cache.

    `argument` is where the adapter (a request for LOAD) or its id (REMOVE, PIN) is passed:
    its position and its keyword.
    """

    name: str
    effect: Effect
    examples: tuple[Example, ...]
    argument: tuple[int, str] | None = None


@dataclass(frozen=True)
class Route:
    """An HTTP route of vLLM's OpenAI-compatible server (`vllm serve --enable-lora`)."""

    path: str
    effect: Effect  # LOAD, UNLOAD or SERVE
    examples: tuple[Example, ...]

    @property
    def word(self) -> str:
        """The last segment, which a URL built in pieces still contains."""
        return self.path.rpartition("/")[2]


@dataclass(frozen=True)
class ServerBody:
    """The JSON body fields the routes read (a generation names its adapter as its model)."""

    name: str
    path: str
    load_inplace: str
    model: str


def _serve(call: str) -> Example:
    """A loop that serves two checkpoints under one id through the call: the second is stale."""
    return Example(
        Verdict.AFFECTED,
        'llm = LLM(model="base", enable_lora=True)\n'
        'for ckpt in ["ckpt/a", "ckpt/b"]:\n'
        f'    llm.{call}lora_request=LoRARequest("eval", 1, ckpt))\n',
        ("lora_int_id 1 is reused", "the request for 'ckpt/b'", "is served 'ckpt/a'"),
    )


def _facet(name: str) -> Example:
    """`remove_lora` reached through the facet before each reuse: evicted."""
    return Example(
        Verdict.SAFE_BY_EVICTION,
        'llm = LLM(model="base", enable_lora=True)\n'
        'for ckpt in ["ckpt/a", "ckpt/b"]:\n'
        f"    llm.{name}.remove_lora(1)\n"
        '    llm.generate(["q"], lora_request=LoRARequest("eval", 1, ckpt))\n',
        ("evicted before every repeat", "remove_lora at"),
    )


def _quiet(name: str) -> Example:
    """A method that touches no adapter does not make a reused id safe."""
    return Example(
        Verdict.AFFECTED,
        'llm = LLM(model="base", enable_lora=True)\n'
        'for ckpt in ["ckpt/a", "ckpt/b"]:\n'
        f"    llm.{name}()\n"
        '    llm.generate(["q"], lora_request=LoRARequest("eval", 1, ckpt))\n',
        ("lora_int_id 1 is reused", "without invalidation"),
    )


# -- the table -------------------------------------------------------------------------------

REQUEST_CLASSES: tuple[RequestClass, ...] = (
    RequestClass(
        "LoRARequest",
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "1 of 2 requests are stale"),
            ),
            Example(
                Verdict.SAFE_DISTINCT_ID,
                """
                class EvalRequest(LoRARequest):
                    '''A repository subclass of vLLM's request is still a request.'''


                llm = LLM(model="base", enable_lora=True, max_loras=2)
                for index, ckpt in enumerate(["ckpt/a", "ckpt/b"], start=1):
                    llm.generate(["q"], lora_request=EvalRequest("e", index, ckpt))
                """,
                ("every lora_int_id maps to one adapter",),
            ),
        ),
    ),
)

REQUEST_FIELDS: tuple[RequestField, ...] = (
    RequestField(
        "lora_name",
        "name",
        0,
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest(lora_name=ckpt, lora_int_id=1, lora_path=ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("lora_int_id 1 is reused",),
            ),
        ),
        aliases=("name",),
    ),
    RequestField(
        "lora_int_id",
        "lora_id",
        1,
        (
            Example(
                Verdict.SAFE_DISTINCT_ID,
                """
                llm = LLM(model="base", enable_lora=True)
                for index, ckpt in enumerate(["ckpt/a", "ckpt/b"]):
                    request = LoRARequest("e", lora_int_id=index + 1, lora_path=ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("every lora_int_id maps to one adapter", "2 distinct ids"),
            ),
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest("e", 1, ckpt)
                    llm.generate(["q"], lora_request=request)
                    llm.llm_engine.remove_lora(request.adapter_id)
                """,
                ("evicted before every repeat",),
            ),
        ),
        aliases=("adapter_id",),
        needle=True,
    ),
    RequestField(
        "lora_path",
        "path",
        2,
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest("e", 1, lora_path=ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("the request for 'ckpt/b'", "is served 'ckpt/a'"),
            ),
        ),
        aliases=("path",),
    ),
    RequestField(
        "lora_local_path",
        "path",
        3,
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest("e", 1, lora_local_path=ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("the request for 'ckpt/b'", "is served 'ckpt/a'"),
            ),
        ),
        aliases=("local_path",),
    ),
    RequestField(
        "load_inplace",
        "load_inplace",
        None,
        (
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest("e", 1, ckpt, load_inplace=True)
                    llm.generate(["q"], lora_request=request)
                """,
                ("LoRARequest(load_inplace=True) at",),
                vllm="0.15.0",
            ),
            Example(
                Verdict.INDETERMINATE,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest("e", 1, ckpt, load_inplace=True)
                    llm.generate(["q"], lora_request=request)
                """,
                ("on the pinned vLLM 0.14.0", "raises TypeError"),
                vllm="0.14.0",
            ),
        ),
        since=LOAD_INPLACE_SINCE,
        effect=Effect.RELOAD,
    ),
)

CONTENT_FIELDS: tuple[ContentField, ...] = (
    ContentField(
        "lora_tensors",
        (
            Example(
                Verdict.AFFECTED,
                """
                class TensorRequest(LoRARequest):
                    lora_tensors: dict = None


                llm = LLM(model="base", enable_lora=True)
                for step in range(3):
                    weights = {"lora_A": [step]}
                    request = TensorRequest("policy", 1, "in-memory", lora_tensors=weights)
                    llm.llm_engine.add_lora(request)
                """,
                ("lora_int_id 1 is reused", "new content"),
            ),
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                class TensorRequest(LoRARequest):
                    lora_tensors: dict = None


                llm = LLM(model="base", enable_lora=True)
                for step in range(3):
                    llm.llm_engine.remove_lora(1)
                    request = TensorRequest("policy", 1, "in-memory", lora_tensors={"A": [step]})
                    llm.llm_engine.add_lora(request)
                """,
                ("evicted before every repeat",),
            ),
        ),
    ),
    ContentField(
        "peft_config",
        (
            Example(
                Verdict.SAFE_SINGLE_ADAPTER,
                """
                llm = LLM(model="base", enable_lora=True)
                for prompt in ["q1", "q2"]:
                    request = LoRARequest("e", 1, "ckpt/a", peft_config={"r": 8})
                    llm.generate([prompt], lora_request=request)
                """,
                (),
            ),
        ),
    ),
)

ENGINE_CLASSES: tuple[EngineClass, ...] = (
    EngineClass(
        "LLM",
        (
            Example(
                Verdict.SAFE_SINGLE_ADAPTER,
                """
                def evaluate(ckpt: str) -> None:
                    llm = LLM(model="base", enable_lora=True)
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))


                for ckpt in ["ckpt/a", "ckpt/b"]:
                    evaluate(ckpt)
                """,
                ("gets a new engine (LLM at",),
            ),
            Example(
                Verdict.AFFECTED,
                """
                class Evaluator(LLM):
                    '''A repository subclass of an engine is that engine.'''


                llm = Evaluator(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "LLM at"),
            ),
        ),
    ),
    EngineClass(
        "LLMEngine",
        (
            Example(
                Verdict.AFFECTED,
                """
                from vllm import EngineArgs, LLMEngine

                engine = LLMEngine.from_engine_args(EngineArgs(model="base", enable_lora=True))
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b"]):
                    request = LoRARequest("e", 1, ckpt)
                    engine.add_request(str(step), "q", lora_request=request)
                """,
                ("lora_int_id 1 is reused", "LLMEngine at"),
            ),
        ),
    ),
    EngineClass(
        "AsyncLLMEngine",
        (
            Example(
                Verdict.AFFECTED,
                """
                import asyncio

                from vllm import AsyncEngineArgs, AsyncLLMEngine


                async def main() -> None:
                    args = AsyncEngineArgs(model='base', enable_lora=True)
                    engine = AsyncLLMEngine.from_engine_args(args)
                    for ckpt in ["ckpt/a", "ckpt/b"]:
                        request = LoRARequest("e", 1, ckpt)
                        async for _ in engine.generate("q", None, ckpt, lora_request=request):
                            pass


                asyncio.run(main())
                """,
                ("lora_int_id 1 is reused", "AsyncLLMEngine at"),
            ),
        ),
    ),
    EngineClass(
        "AsyncLLM",
        (
            Example(
                Verdict.AFFECTED,
                """
                from vllm import AsyncEngineArgs
                from vllm.v1.engine.async_llm import AsyncLLM

                args = AsyncEngineArgs(model="base", enable_lora=True)
                engine = AsyncLLM.from_engine_args(args)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    engine.generate("q", None, ckpt, lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "AsyncLLM at"),
            ),
        ),
    ),
    EngineClass(
        "MQLLMEngine",
        (
            Example(
                Verdict.AFFECTED,
                """
                from vllm.engine.multiprocessing.engine import MQLLMEngine

                engine = MQLLMEngine(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    engine.add_request(ckpt, "q", None, lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "MQLLMEngine at"),
            ),
        ),
    ),
)

# Class methods of an engine class that build one from collected arguments.
ENGINE_CONSTRUCTORS = ("from_engine_args", "from_vllm_config")
# The class method of an args class that collects parsed command-line arguments.
ARGS_FROM_CLI = "from_cli_args"

ARGS_CLASSES: tuple[ArgsClass, ...] = (
    ArgsClass(
        "EngineArgs",
        (
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                from vllm import EngineArgs, LLMEngine

                args = EngineArgs(model="base", enable_lora=True, max_loras=1)
                engine = LLMEngine.from_engine_args(args)
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b", "ckpt/c"]):
                    request = LoRARequest("e", step % 2 + 1, ckpt)
                    engine.add_request(str(step), "q", lora_request=request)
                    while engine.has_unfinished_requests():
                        engine.step()
                """,
                ("the LRU cache holds 1 adapter",),
            ),
            Example(
                Verdict.AFFECTED,
                """
                import argparse

                from vllm import EngineArgs, LLMEngine

                parser = argparse.ArgumentParser()
                parser.add_argument("--max-loras", type=int, default=4)
                engine = LLMEngine.from_engine_args(EngineArgs.from_cli_args(parser.parse_args()))
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b", "ckpt/c"]):
                    request = LoRARequest("e", step % 2 + 1, ckpt)
                    engine.add_request(str(step), "q", lora_request=request)
                """,
                ("lora_int_id 1 is reused", "capacity 4"),
            ),
        ),
    ),
    ArgsClass(
        "AsyncEngineArgs",
        (
            Example(
                Verdict.AFFECTED,
                """
                from vllm import AsyncEngineArgs, AsyncLLMEngine

                args = AsyncEngineArgs(model="base", enable_lora=True, max_cpu_loras=4)
                engine = AsyncLLMEngine.from_engine_args(args)
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b", "ckpt/c"]):
                    engine.generate("q", SamplingParams(), str(step),
                                    lora_request=LoRARequest("e", step % 2 + 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "capacity 4"),
            ),
        ),
    ),
)

ENGINE_ARGUMENTS: tuple[EngineArgument, ...] = (
    EngineArgument(
        "enable_lora",
        "enable",
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "capacity 1"),
            ),
        ),
        needle=True,
    ),
    EngineArgument(
        "max_loras",
        "max_loras",
        (
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                llm = LLM(model="base", enable_lora=True, max_loras=1)
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b", "ckpt/c", "ckpt/d"]):
                    request = LoRARequest("e", step % 2 + 1, ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("evicted before every repeat", "the LRU cache holds 1 adapter"),
            ),
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True, max_loras=2)
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b", "ckpt/c", "ckpt/d"]):
                    request = LoRARequest("e", step % 2 + 1, ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("capacity 2", "2 of 4 requests are stale"),
            ),
        ),
        needle=True,
    ),
    EngineArgument(
        "max_cpu_loras",
        "max_cpu_loras",
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=2)
                for step, ckpt in enumerate(["ckpt/a", "ckpt/b", "ckpt/c", "ckpt/d"]):
                    request = LoRARequest("e", step % 2 + 1, ckpt)
                    llm.generate(["q"], lora_request=request)
                """,
                ("capacity 2", "2 of 4 requests are stale"),
            ),
        ),
    ),
)

FACETS: tuple[Facet, ...] = tuple(
    Facet(name, (_facet(name),))
    for name in (
        "llm_engine",
        "engine",
        "engine_core",
        "model_executor",
        "driver_worker",
        "worker",
        "_engine",
        "engine_client",
        "async_engine",
        # The worker side: the model runner and its LoRA managers hold the same cache.
        "model_runner",
        "lora_manager",
        "_adapter_manager",
    )
)

REQUEST_KEYWORD = "lora_request"  # how a serve method (or add_lora) is handed a request

SERVE_METHODS: tuple[ServeMethod, ...] = (
    ServeMethod("generate", (_serve('generate(["q"], SamplingParams(), '),)),
    ServeMethod("chat", (_serve('chat([{"role": "user", "content": "q"}], '),)),
    ServeMethod("encode", (_serve('encode(["q"], '),)),
    ServeMethod("embed", (_serve('embed(["q"], '),)),
    ServeMethod("classify", (_serve('classify(["q"], '),)),
    ServeMethod("score", (_serve('score("q", ["a"], '),)),
    ServeMethod("reward", (_serve('reward(["q"], '),)),
    ServeMethod("beam_search", (_serve('beam_search(["q"], None, '),)),
    ServeMethod("add_request", (_serve('add_request(ckpt, "q", None, '),)),
    ServeMethod("generate_async", (_serve('generate_async("q", '),)),
    ServeMethod("process_requests", (_serve("process_requests([], "),)),
    # unsloth's model: `fast_generate` is its vLLM engine's `generate`, and `load_lora(folder)`
    # makes a request under the next id of unsloth's own counter (`vllm_api.framework_request`).
    ServeMethod(
        "fast_generate",
        (
            Example(
                Verdict.SAFE_DISTINCT_ID,
                """
                from unsloth import FastLanguageModel

                model, tokenizer = FastLanguageModel.from_pretrained("base", fast_inference=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    model.fast_generate(["q"], lora_request=model.load_lora(ckpt))
                """,
                ("every lora_int_id maps to one adapter", "2 distinct ids"),
            ),
            Example(
                Verdict.AFFECTED,
                """
                from unsloth import FastLanguageModel

                model, tokenizer = FastLanguageModel.from_pretrained("base", fast_inference=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = model.load_lora(ckpt, lora_request_id=1)
                    model.fast_generate(["q"], lora_request=request)
                """,
                ("lora_int_id 1 is reused", "the request for 'ckpt/b'"),
            ),
        ),
    ),
)

ENGINE_METHODS: tuple[EngineMethod, ...] = (
    EngineMethod(
        "add_lora",
        Effect.LOAD,
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.llm_engine.add_lora(LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "1 of 2 requests are stale"),
            ),
        ),
        argument=(0, "lora_request"),
    ),
    EngineMethod(
        "remove_lora",
        Effect.REMOVE,
        (
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.llm_engine.remove_lora(1)
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("evicted before every repeat", "remove_lora at"),
            ),
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True, max_cpu_loras=4)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.llm_engine.remove_lora(2)
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("lora_int_id 1 is reused", "without invalidation"),
            ),
        ),
        argument=(0, "lora_id"),
    ),
    EngineMethod(
        "remove_adapter",
        Effect.REMOVE,
        (
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                llm = LLM(model="base", enable_lora=True)
                runner = llm.llm_engine.model_executor.driver_worker.model_runner
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    runner.lora_manager.remove_adapter(1)
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("evicted before every repeat", "remove_adapter at"),
            ),
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                class SyncExtension:
                    # A worker extension: `self` is the worker, which the analysis cannot see.
                    def reload(self, adapter_dir):
                        self.model_runner.lora_manager._adapter_manager.remove_adapter(1)
                        self.model_runner.add_lora(LoRARequest("policy", 1, adapter_dir))
                """,
                ("evicted before every repeat",),
            ),
        ),
        argument=(0, "adapter_id"),
    ),
    EngineMethod(
        "pin_lora",
        Effect.PIN,
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True, max_loras=2)
                llm.generate(["q"], lora_request=LoRARequest("e", 1, "a"))
                llm.llm_engine.pin_lora(1)
                for step, ckpt in enumerate(["b", "c", "d"]):
                    llm.generate(["q"], lora_request=LoRARequest("e", step + 2, ckpt))
                llm.generate(["q"], lora_request=LoRARequest("e", 1, "e"))
                """,
                ("lora_int_id 1 is reused", "is served 'a'"),
            ),
        ),
        argument=(0, "lora_id"),
    ),
    EngineMethod(
        "list_loras",
        Effect.QUERY,
        (
            Example(
                Verdict.AFFECTED,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    request = LoRARequest("e", 1, ckpt)
                    if 1 not in llm.llm_engine.list_loras():
                        llm.llm_engine.add_lora(request)
                    llm.generate(["q"], lora_request=request)
                """,
                ("lora_int_id 1 is reused",),
            ),
        ),
    ),
    *(
        EngineMethod(name, Effect.NONE, (_quiet(name),))
        for name in ("shutdown", "sleep", "wake_up", "reset_prefix_cache")
    ),
)

SERVER_BODY = ServerBody(
    name="lora_name", path="lora_path", load_inplace="load_inplace", model="model"
)
ROUTE_PREFIX = "/v1/"  # a server's URL up to here names the server

ROUTES: tuple[Route, ...] = (
    Route(
        "/v1/load_lora_adapter",
        Effect.LOAD,
        (
            Example(
                Verdict.AFFECTED,
                """
                import requests

                for ckpt in ["ckpt/a", "ckpt/b"]:
                    requests.post(
                        "http://localhost:8000/v1/load_lora_adapter",
                        json={"lora_name": "policy", "lora_path": ckpt},
                    )
                """,
                ("the server refuses to load adapter 'policy' again", "HTTP 400"),
            ),
            Example(
                Verdict.SAFE_DISTINCT_ID,
                """
                import requests

                for ckpt in ["ckpt/a", "ckpt/b"]:
                    requests.post(
                        "http://localhost:8000/v1/load_lora_adapter",
                        json={"lora_name": ckpt, "lora_path": ckpt},
                    )
                """,
                ("loaded under its own name",),
            ),
        ),
    ),
    Route(
        "/v1/unload_lora_adapter",
        Effect.UNLOAD,
        (
            Example(
                Verdict.SAFE_DISTINCT_ID,
                """
                import requests

                URL = "http://localhost:8000/v1"
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    requests.post(f"{URL}/unload_lora_adapter", json={"lora_name": "policy"})
                    body = {"lora_name": "policy", "lora_path": ckpt}
                    requests.post(f"{URL}/load_lora_adapter", json=body)
                """,
                ("unloaded before it is loaded again",),
            ),
        ),
    ),
    Route(
        "/v1/completions",  # and /v1/chat/completions: the word is the last segment
        Effect.SERVE,
        (
            Example(
                Verdict.AFFECTED,
                """
                import requests

                URL = "http://localhost:8000/v1"
                loaded = set()
                for step in range(2):
                    with open("ckpt/latest/adapter_model.safetensors", "w") as f:
                        f.write(str(step))
                    if "latest" not in loaded:
                        body = {"lora_name": "latest", "lora_path": "ckpt/latest"}
                        requests.post(f"{URL}/load_lora_adapter", json=body)
                        loaded.add("latest")
                    requests.post(f"{URL}/completions", json={"model": "latest", "prompt": "q"})
                """,
                ("serves adapter 'latest'", "after its folder was rewritten"),
            ),
            Example(
                Verdict.SAFE_SINGLE_ADAPTER,
                """
                import requests

                URL = "http://localhost:8000/v1"
                body = {"lora_name": "policy", "lora_path": "ckpt/final"}
                requests.post(f"{URL}/load_lora_adapter", json=body)
                for prompt in ["q1", "q2"]:
                    requests.post(f"{URL}/completions", json={"model": "policy", "prompt": prompt})
                """,
                ("one adapter",),
            ),
            Example(
                Verdict.AFFECTED,
                """
                import requests

                URL = "http://localhost:8000"
                body = {"lora_name": "policy", "lora_path": "out/policy"}
                requests.post(f"{URL}/v1/load_lora_adapter", json=body)
                for step in range(2):
                    trainer.save_model("out/policy")
                    chat = {"model": "policy", "messages": [{"role": "user", "content": "q"}]}
                    requests.post(f"{URL}/v1/chat/completions", json=chat)
                """,
                ("serves adapter 'policy'",),
            ),
        ),
    ),
)


# Methods of vLLM's own classes on the path of a cache hit or miss (the worker's LoRA manager,
# the model manager, the model runner): a repository that assigns its own function to one
# changes what a repeated lora_int_id does (prime-rl forces a reload this way).
CACHE_INTERNALS = frozenset(
    {"add_adapter", "_apply_adapters", "activate_adapter", "set_active_adapters", "_load_adapter",
     "remove_adapter", "remove_oldest_adapter", "set_active_loras", "_set_active_loras"}
)  # fmt: skip

# -- what the analyzer looks up, derived from the table above (edit the table, not these) -------

REQUEST_CLASS_NAMES = frozenset(entry.name for entry in REQUEST_CLASSES)
FIELDS = {entry.name: entry for entry in REQUEST_FIELDS}
# A field's name or alias -> the part of a request it reads or sets.
FIELD_HOLDS = {
    name: entry.holds for entry in REQUEST_FIELDS for name in (entry.name, *entry.aliases)
}
CONTENT_FIELD_NAMES = frozenset(entry.name for entry in CONTENT_FIELDS)


def is_content_field(name: str) -> bool:
    """Whether a keyword of a request (or an attribute set on one) is part of its content."""
    return name in CONTENT_FIELD_NAMES or (name not in FIELD_HOLDS and not name.startswith("_"))


ENGINE_CLASS_NAMES = frozenset(entry.name for entry in ENGINE_CLASSES)
ARGS_CLASS_NAMES = frozenset(entry.name for entry in ARGS_CLASSES)
CAPACITY_ARGUMENTS = {
    entry.role: entry.name for entry in ENGINE_ARGUMENTS if entry.role != "enable"
}
FACET_NAMES = frozenset(entry.name for entry in FACETS)
SERVE_METHOD_NAMES = frozenset(entry.name for entry in SERVE_METHODS)
ENGINE_METHOD = {entry.name: entry for entry in ENGINE_METHODS}
# Calls that drop a resident id (any receiver: an engine, a worker, its LoRA manager).
REMOVE_METHOD_NAMES = frozenset(
    entry.name for entry in ENGINE_METHODS if entry.effect is Effect.REMOVE
)
CACHE_METHOD_NAMES = frozenset(
    entry.name for entry in ENGINE_METHODS if entry.effect is not Effect.NONE
)
# Methods that, handed a request, make an object the analysis cannot see into an engine.
LORA_METHOD_NAMES = SERVE_METHOD_NAMES | CACHE_METHOD_NAMES
# Longest first: the unload route's word contains the load route's.
ROUTES_BY_WORD = tuple(sorted(ROUTES, key=lambda route: -len(route.word)))

# Words that mark a place where a request is built or handed over (a request site).
SITE_WORDS: tuple[str, ...] = (
    *(entry.name for entry in REQUEST_CLASSES),
    REQUEST_KEYWORD,
    *(entry.name for entry in ENGINE_METHODS if entry.effect is Effect.LOAD),
    *(entry.name for entry in REQUEST_FIELDS if entry.needle),
    *(route.word for route in ROUTES if route.effect is Effect.LOAD),
)
# A site word in code (`syntax.code_words`). A route's word ends where the name ends:
# `_load_lora_adapters()` (a trainer loading PEFT weights from its checkpoint) is not the
# route, while `/v1/load_lora_adapter` and `self._skyrl_load_lora_adapter()` may be.
_ROUTE_WORDS = frozenset(route.word for route in ROUTES)
# A load route whose verb is filled in (`f"{url}/v1/{op}_lora_adapter"`, `"/v1/%s_lora_adapter"`):
# one helper that loads and unloads by the word it is given. (`code_words` writes an f-string's
# holes as `{}`.)
_ROUTE_TAILS = tuple(
    route.word[route.word.index("_") :] for route in ROUTES if route.effect is Effect.LOAD
)
ROUTE_TEMPLATE = re.compile(
    "|".join(rf"(?:%s|\{{[^{{}}\n]*\}}){re.escape(tail)}(?![A-Za-z0-9_])" for tail in _ROUTE_TAILS)
)
SITE_HINT = re.compile(
    "|".join(
        (
            *(
                re.escape(word) + ("(?![A-Za-z0-9_])" if word in _ROUTE_WORDS else "")
                for word in SITE_WORDS
            ),
            ROUTE_TEMPLATE.pattern,
        )
    )
)
# The byte strings that make a file worth parsing: request sites, and engines set up for LoRA.
PREFILTER_NEEDLES: tuple[bytes, ...] = tuple(
    word.encode()
    for word in dict.fromkeys(
        (
            *SITE_WORDS,
            *(f"{hole}{tail}" for tail in _ROUTE_TAILS for hole in ("}", "%s")),
            *(entry.name for entry in ENGINE_METHODS if entry.effect is Effect.REMOVE),
            *(entry.name for entry in ENGINE_ARGUMENTS if entry.needle),
        )
    )
)

# The prefilter's words that name a request or a cache operation, not an engine setting.
REQUEST_WORD_NEEDLES: tuple[bytes, ...] = tuple(
    needle
    for needle in PREFILTER_NEEDLES
    if needle.decode() not in {entry.name for entry in ENGINE_ARGUMENTS if entry.needle}
)


def entries() -> list[tuple[str, tuple[Example, ...]]]:
    """Every entry of the table by its name, with its examples (the tests read this)."""
    found: list[tuple[str, tuple[Example, ...]]] = []
    for group in (
        REQUEST_CLASSES,
        REQUEST_FIELDS,
        CONTENT_FIELDS,
        ENGINE_CLASSES,
        ARGS_CLASSES,
        ENGINE_ARGUMENTS,
        FACETS,
        SERVE_METHODS,
        ENGINE_METHODS,
    ):
        found += [(entry.name, entry.examples) for entry in group]
    found += [(route.word, route.examples) for route in ROUTES]
    return found
