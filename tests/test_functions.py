"""Programs that call a function of their own: data, text, runs, and how a call's difference
is located and matched."""

from __future__ import annotations

import pathlib
import random

import torch
from test_repro import _failure, _write, run_script

import stridecheck.reference as reference
from stridecheck.conformance.execute import compare_runs, run, run_source
from stridecheck.conformance.known import load
from stridecheck.conformance.outcome import DIVERGENCE, KNOWN, PASS, check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.functions import function_program
from stridecheck.strategies.parse import parse
from stridecheck.strategies.program import from_data, to_data

ALIAS_REPRO = """
def f(a):
    t1 = a.t()
    t2 = t1.unsqueeze_(0)
    return (t1, t2)


x0 = torch.arange(4).to(torch.float32).view(2, 2)
out = f(x0)
out[0].fill_(1)
out[0].t_()
"""


def _programs(n: int, seed: int = 5) -> list:
    ch = RandomChooser(random.Random(seed))
    return [function_program(ch) for _ in range(n)]


def test_a_function_program_reads_as_torch_code() -> None:
    program = parse(ALIAS_REPRO)
    assert repr(program).startswith("def f(a):\n    t1 = a.t()\n    t2 = t1.unsqueeze_(0)\n"
                                    "    return (t1, t2)\n\n\nx0 = torch.arange(4)")
    assert "out = f(x0)\nout[0].fill_(1)\nout[0].t_()" in repr(program)
    assert program.steps[3].op.kind == "call"
    assert program.op_keys() == ["to", "view", "t", "unsqueeze_", "fill_", "t_"]


def test_function_programs_survive_data_and_text() -> None:
    for program in _programs(150):
        assert from_data(to_data(program)) == program
        assert repr(parse(repr(program))) == repr(program)


def test_function_programs_run_the_same_from_text_and_data_and_agree_on_eager() -> None:
    eager = all_targets()["eager:cpu"]
    for program in _programs(150, seed=11):
        from_data = run(program, reference)
        from_text = run_source(repr(program), torch)
        assert len(from_text) == len(from_data), repr(program)
        assert compare_runs(from_text, from_data) == [], repr(program)
        assert check(program, eager).status == PASS, repr(program)


def test_function_programs_cover_aliased_inputs_repeated_returns_and_later_calls() -> None:
    seen = {"aliased": 0, "own": 0, "twice": 0, "recall": 0, "probe": 0, "inline": 0}
    for program in _programs(300, seed=3):
        call = next(s for s in program.steps if s.op.kind == "call")
        args = [a.name for a in call.op.args]
        fn = program.functions[0]
        names = {s.out for s in program.steps}
        seen["aliased"] += len(args) > 1 and len({a for a in args if a != "x0"} | {"x0"}) < \
            len(args) + 1 and any(a == "x0" or a in names for a in args[1:])
        seen["own"] += any(s.src is None and s.out in "abc" for s in program.steps)
        seen["twice"] += len(set(fn.returns)) < len(fn.returns)
        seen["recall"] += sum(s.op.kind == "call" for s in program.steps) > 1
        seen["probe"] += any(s.op.name in ("t_", "unsqueeze_") for s in program.steps)
        seen["inline"] += any(s.op.name in ("detach", "view_as") for s in fn.body)
    assert all(n >= 15 for n in seen.values()), seen


def test_inlining_a_call_names_each_step_after_the_function() -> None:
    program = parse(ALIAS_REPRO)
    inlined = program.inlined(3)
    assert repr(inlined).endswith("f_t1 = x0.t()\nf_t2 = f_t1.unsqueeze_(0)")


def test_a_compiled_call_is_matched_at_the_body_step_where_it_starts_to_diverge() -> None:
    entry = next(e for e in load() if e.id == "compile-inplace-on-input-alias-new-object")
    outcome = check(parse(ALIAS_REPRO), all_targets()["compile:aot_eager"])
    assert outcome.status == KNOWN and outcome.known is entry
    assert outcome.located is not None and outcome.located.op.name == "unsqueeze_"
    assert outcome.op == "unsqueeze_"
    # on an intermediate, eager and compiled both return one object: nothing to match
    plain = parse(ALIAS_REPRO.replace("t1 = a.t()", "t1 = a.mul(2)"))
    assert check(plain, all_targets()["compile:aot_eager"]).status == PASS


def test_a_call_step_fact_gates_its_entry() -> None:
    entry = next(e for e in load() if e.id == "compile-unused-result-error-vanishes")
    target = all_targets()["compile:aot_eager"]
    program = parse(entry.repro)
    assert check(program, target).known is entry
    # returning the result: the compiled function raises as eager does
    returned = parse(entry.repro.replace("return (a,)", "return (a, t1)"))
    assert check(returned, target).status == PASS


def test_a_call_difference_is_reported_at_the_call_step() -> None:
    # the located body step is kept beside it (outcome.located); index is the program's own
    program = parse(ALIAS_REPRO)
    outcome = check(program, all_targets()["compile:aot_eager"])
    assert outcome.index == 3  # the call step, as the program numbers it


def test_a_repro_script_of_a_compiled_call_shows_the_function_and_fails(
        tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, _failure(ALIAS_REPRO, "compile:aot_eager"))
    text = pathlib.Path(path).read_text()
    assert "def f(a):\n    t1 = a.t()\n" in text and "compiled with torch.compile(" in text
    out = run_script(path)
    assert out.returncode == 1, out.stdout + out.stderr
    assert "out[1].identity=None, but should be 'out[0]'" in out.stdout, out.stdout
    # beside it, the same program without torch.compile: eager torch agrees
    assert "eager (the same program without torch.compile): agrees with the expected " \
        "behaviour" in out.stdout, out.stdout
    # the same script's program passes as eager code
    eager = run_script(_write(tmp_path, _failure(ALIAS_REPRO, "eager:cpu")))
    assert eager.returncode == 0, eager.stdout + eager.stderr


def test_the_reference_side_of_a_divergent_call_is_eager_torch() -> None:
    program = parse(ALIAS_REPRO)
    assert compare_runs(run(program, torch), run(program, reference)) == []
    assert check(program, all_targets()["compile:aot_eager"]).status in (KNOWN, DIVERGENCE)


def test_the_graph_break_targets_split_the_body_in_the_middle() -> None:
    target = all_targets()["compile:aot_eager-graph-break"]
    program = parse(ALIAS_REPRO)
    source = target.source(program)
    assert "    t1 = a.t()\n    torch._dynamo.graph_break()\n    t2 = t1.unsqueeze_(0)\n" in source
    assert target.replay_setup(program)["runner"] == "steps"
    # the break hands t1 back to eager Python between the graphs: one object again
    assert check(program, target).status == PASS


def test_a_written_out_tensor_keeps_the_dtype_torch_infers() -> None:
    import stridecheck.reference as ref
    for text, dtype in (("torch.tensor(0.5)", "float32"), ("torch.tensor([True])", "bool"),
                        ("torch.tensor([])", "float32"), ("torch.tensor([1, 2])", "int64"),
                        ("torch.tensor(1j)", "complex64"),
                        ("torch.tensor([0.5], dtype=torch.float64)", "float64")):
        program = parse(f"x = torch.zeros(1)\ny = x.add({text})")
        (literal,) = program.steps[-1].op.literals()
        assert literal.dtype == dtype, text
        assert str(eval(text, {"torch": torch}).dtype) == f"torch.{dtype}"  # noqa: S307
        assert run(program, ref)[-1].error is None


def test_the_mark_dynamic_target_marks_its_arguments_dims() -> None:
    from torch._dynamo.backends.registry import lookup_backend

    from stridecheck.conformance import replay
    counted = {"compiles": 0}
    eager = lookup_backend("eager")

    def counting(gm: object, inputs: object) -> object:
        counted["compiles"] += 1
        return eager(gm, inputs)

    for mark, compiles in ((False, 2), (True, 1)):
        torch._dynamo.reset()
        counted["compiles"] = 0
        f = replay.compiled("def f(a):\n    return (a * 2,)\n", "f", torch, counting, False,
                            mark)
        f(torch.zeros(3))
        f(torch.zeros(5))  # another size: a recompile unless dim 0 was marked dynamic
        assert counted["compiles"] == compiles, mark
    assert all_targets()["compile:inductor-mark-dynamic"].replay_setup(
        parse(ALIAS_REPRO))["mark_dynamic"] is True


def test_a_metadata_change_before_a_call_is_no_mutation_inside_it() -> None:
    """history.metadata_mutated of a call's located step counts the body's steps only: the
    probe's t_() of an earlier call's result is outside the graph the call runs."""
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.conditions import CallSite, Site, holds

    def mutated_at_last_body_step(body: str) -> bool:
        program = parse(f"def f(a, b):\n{body}    t2 = b.mul(2)\n    return (t2,)\n\n\n"
                        "x0 = torch.arange(4).to(torch.float32).view(2, 2)\n"
                        "b = x0.clone()\nout = f(x0, b)\nout[0].t_()\nout1 = f(x0, x0)\n")
        call = len(program.steps) - 1
        inlined = program.inlined(call)
        site = Site(inlined, run(inlined, reference), len(inlined.steps) - 1, ("x0", "x0"),
                    since=call, call=CallSite(program, call))
        diff = Difference("t2", "strides", (1, 2), (2, 1), shape=(2, 2))
        return holds({"history.metadata_mutated": True}, [diff], site)

    assert not mutated_at_last_body_step("    t1 = a.add_(1)\n")
    assert mutated_at_last_body_step("    t1 = a.t_()\n")


def test_a_long_compiled_message_keeps_the_error_dynamo_caught() -> None:
    from stridecheck.conformance.replay import clipped

    head = "RuntimeError when making fake tensor call: call_function linear(" + "x" * 500
    text = head + ": got RuntimeError('tried to directly modify sizes') Hint: " + "y" * 500
    short = clipped(text)
    assert short.startswith(head[:400]) and "got RuntimeError('tried to directly modify" in short
    assert len(short) < 700
    assert clipped("short message") == "short message"
    assert clipped("z" * 900) == "z" * 400
