"""How scorepad asks: the Prompter protocol, the questionary prompter (the only questionary import), a scripted one."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

# A validator returns None when the text is acceptable, else the message to show under the prompt.
Validator = Callable[[str], "str | None"]


class Aborted(Exception):
    """The player pressed Ctrl-C (or Ctrl-D) at a prompt."""


class Prompter(Protocol):
    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str: ...

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None) -> str: ...

    def confirm(self, message: str, *, default: bool = True) -> bool: ...


class QuestionaryPrompter:
    """The real prompts. `unsafe_ask` because `ask` swallows Ctrl-C and returns None (tech-notes §2)."""

    def __init__(self, **session: Any) -> None:
        self._session = session  # tests pass prompt_toolkit's input=/output= here

    def _ask(self, question: Any) -> Any:
        try:
            return question.unsafe_ask()
        except (KeyboardInterrupt, EOFError) as error:
            raise Aborted from error

    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str:
        import questionary  # ~120 ms: only commands that ask pay for it

        def check(text: str) -> bool | str:
            problem = validate(text) if validate else None
            return True if problem is None else problem

        return self._ask(questionary.text(message, default=default, validate=check, **self._session))

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None) -> str:
        import questionary

        return self._ask(questionary.select(message, choices=list(choices), default=default, **self._session))

    def confirm(self, message: str, *, default: bool = True) -> bool:
        import questionary

        return self._ask(questionary.confirm(message, default=default, **self._session))


class ScriptedPrompter:
    """Answers from a list, for tests. An answer the validator refuses is recorded and the next one taken,
    as a player would retype; an exception in the list (e.g. Aborted) is raised at that prompt."""

    def __init__(self, answers: Iterable[Any]) -> None:
        self.answers = deque(answers)
        self.asked: list[str] = []
        self.refused: list[tuple[str, str]] = []

    def _next(self, message: str) -> Any:
        self.asked.append(message)
        if not self.answers:
            raise AssertionError(f"no scripted answer left for {message!r}")
        answer = self.answers.popleft()
        if isinstance(answer, BaseException) or (isinstance(answer, type) and issubclass(answer, BaseException)):
            raise answer
        return answer

    def text(self, message: str, *, default: str = "", validate: Validator | None = None) -> str:
        while True:
            answer = self._next(message)
            answer = default if answer is None else answer
            problem = validate(answer) if validate else None
            if problem is None:
                return answer
            self.refused.append((answer, problem))

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None) -> str:
        answer = self._next(message)
        if answer not in choices:
            raise AssertionError(f"{answer!r} is not a choice of {message!r}: {list(choices)}")
        return answer

    def confirm(self, message: str, *, default: bool = True) -> bool:
        answer = self._next(message)
        return default if answer is None else bool(answer)
