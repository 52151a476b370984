"""Scrapy commands of scrapy-webclean."""
