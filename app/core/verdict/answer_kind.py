"""The kinds of value a question can ask for, each with the words `why` uses for it."""

from __future__ import annotations

import enum


class AnswerType(enum.Enum):
    PRICE = "price"
    QUANTITY = "quantity"
    DURATION = "duration"
    TIME = "time"
    DATE = "date"
    WHEN = "date or time"
    PERSON = "person"
    PLACE = "place"
    PHONE = "phone number"
    CODE = "code"
    SECRET = "password"
    EMAIL = "email address"

    @property
    def described(self) -> str:
        return {
            AnswerType.PRICE: "a price or an amount of money",
            AnswerType.QUANTITY: "a number",
            AnswerType.DURATION: "a length of time",
            AnswerType.TIME: "a time of day",
            AnswerType.DATE: "a date or a day",
            AnswerType.WHEN: "a date, a day or a time",
            AnswerType.PERSON: "a person's name",
            AnswerType.PLACE: "a place",
            AnswerType.PHONE: "a phone number",
            AnswerType.CODE: "a number, version or code",
            AnswerType.SECRET: "a password written out",
            AnswerType.EMAIL: "an email address",
        }[self]
