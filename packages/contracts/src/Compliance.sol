// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IHolding} from "./IERC7943.sol";
import {IdentityRegistry} from "./IdentityRegistry.sol";

/// @title Every asset token's transfer rules, and the books they need.
/// @notice One contract for all tokens, keyed by token address. A token binds itself once, from its
/// constructor, naming its issuer's treasury; the treasury then administers the token's rules with
/// the platform (the owner, the "agent"). Tokens ask `check` before every ordinary transfer and
/// report every balance change with `transferred`.
/// @dev `check` answers a reason code, 0 = allowed, in a fixed order that the API's rule engine
/// repeats (docs/architecture.md, "Compliance"; the names are ELIGIBILITY_REASONS in
/// packages/shared/src/compliance.ts, code = index + 1). Exempt accounts (the issuer's treasury,
/// the platform's agent accounts such as the listing escrow) are never checked nor counted.
contract Compliance is Ownable {
    struct Rules {
        bytes3[] allowedCountries;
        bytes3[] blockedCountries;
        bool accreditedOnly;
        uint32 maxHolders;
        uint256 maxBalance;
        uint256 minAcquisition;
        uint256 maxAcquisition;
        uint64 lockupSeconds;
        uint256 supplyCap;
    }

    uint8 internal constant PAUSED = 1;
    uint8 internal constant SENDER_NOT_VERIFIED = 2;
    uint8 internal constant LOCKED_UP = 3;
    uint8 internal constant FROZEN = 4;
    uint8 internal constant NOT_VERIFIED = 5;
    uint8 internal constant COUNTRY_NOT_ALLOWED = 6;
    uint8 internal constant COUNTRY_BLOCKED = 7;
    uint8 internal constant NOT_ACCREDITED = 8;
    uint8 internal constant BELOW_MINIMUM = 9;
    uint8 internal constant ABOVE_MAXIMUM = 10;
    uint8 internal constant MAX_BALANCE = 11;
    uint8 internal constant MAX_HOLDERS = 12;
    uint8 internal constant SUPPLY_CAP = 13;

    /// @notice The longest country list a token may have (there are 249 ISO 3166-1 countries).
    uint256 public constant MAX_COUNTRIES = 250;

    event Bound(address indexed token, address indexed issuer);
    event RulesChanged(address indexed token, Rules rules);
    event Paused(address indexed token, address by);
    event Unpaused(address indexed token, address by);
    event AgentAccountSet(address indexed account, bool agent);

    error AlreadyBound(address token);
    error NotBound(address token);
    error NotTokenAdmin(address token, address caller);
    error TooManyCountries(uint256 count, uint256 max);

    IdentityRegistry public immutable registry;

    mapping(address token => address issuer) public issuerOf;
    mapping(address account => bool) public isAgentAccount;
    mapping(address token => Rules) private _rules;
    mapping(address token => bool) public paused;
    mapping(address token => uint256) public holderCount;
    mapping(address token => uint256) public circulating;
    mapping(address token => mapping(address account => uint64)) public lockedUntil;

    /// @param agents Accounts exempt on every token from the start (the listing escrow).
    constructor(address platform, IdentityRegistry registry_, address[] memory agents) Ownable(platform) {
        registry = registry_;
        for (uint256 i = 0; i < agents.length; ++i) _setAgentAccount(agents[i], true);
    }

    modifier onlyBound() {
        if (issuerOf[msg.sender] == address(0)) revert NotBound(msg.sender);
        _;
    }

    modifier onlyTokenAdmin(address token) {
        if (!isTokenAdmin(token, msg.sender)) revert NotTokenAdmin(token, msg.sender);
        _;
    }

    /// @notice Called by a token's constructor: `issuer` (its treasury) administers it from now on.
    function bind(address issuer) external {
        if (issuerOf[msg.sender] != address(0)) revert AlreadyBound(msg.sender);
        if (issuer == address(0)) revert NotTokenAdmin(msg.sender, issuer);
        issuerOf[msg.sender] = issuer;
        emit Bound(msg.sender, issuer);
    }

    /// @notice Exempts `account` on every token (or stops exempting it); platform only. Idempotent.
    function setAgentAccount(address account, bool agent) external onlyOwner {
        _setAgentAccount(account, agent);
    }

    function setRules(address token, Rules calldata rules) external onlyTokenAdmin(token) {
        if (rules.allowedCountries.length > MAX_COUNTRIES) {
            revert TooManyCountries(rules.allowedCountries.length, MAX_COUNTRIES);
        }
        if (rules.blockedCountries.length > MAX_COUNTRIES) {
            revert TooManyCountries(rules.blockedCountries.length, MAX_COUNTRIES);
        }
        _rules[token] = rules;
        emit RulesChanged(token, rules);
    }

    function setPaused(address token, bool paused_) external onlyTokenAdmin(token) {
        if (paused[token] == paused_) return;
        paused[token] = paused_;
        if (paused_) emit Paused(token, msg.sender);
        else emit Unpaused(token, msg.sender);
    }

    function rulesOf(address token) external view returns (Rules memory) {
        return _rules[token];
    }

    /// @notice The token's issuer or the platform, once the token is bound.
    function isTokenAdmin(address token, address account) public view returns (bool) {
        address issuer = issuerOf[token];
        return issuer != address(0) && (account == issuer || account == owner());
    }

    /// @notice Never checked as a holder nor counted: the token's treasury and the platform's agent
    /// accounts (the zero address stands for minting and burning).
    function isExempt(address token, address account) public view returns (bool) {
        return account == address(0) || account == issuerOf[token] || isAgentAccount[account];
    }

    /// @notice Whether moving `amount` of `token` from `from` to `to` by an ordinary transfer is
    /// allowed now: 0, or the first rule it breaks (see the contract's notice for the order).
    /// @dev A transfer to oneself is checked like any other; a zero amount too (so a minimum
    /// acquisition refuses it).
    function check(address token, address from, address to, uint256 amount) public view returns (uint8) {
        if (paused[token]) return PAUSED;
        bool fromExempt = isExempt(token, from);
        if (!fromExempt) {
            if (!registry.isVerified(from)) return SENDER_NOT_VERIFIED;
            if (block.timestamp < lockedUntil[token][from]) return LOCKED_UP;
            (uint256 balance, uint256 frozen) = IHolding(token).holdingOf(from);
            if (balance < frozen || balance - frozen < amount) return FROZEN;
        }
        if (isExempt(token, to)) return 0;
        // One registry call for the receiver: verified means what registry.isVerified says.
        (bytes32 id, bytes3 country, uint64 validUntil, bool accredited) = registry.investorOf(to);
        if (id == bytes32(0) || validUntil <= block.timestamp) return NOT_VERIFIED;
        Rules storage rules = _rules[token];
        if (rules.allowedCountries.length > 0 && !_contains(rules.allowedCountries, country)) {
            return COUNTRY_NOT_ALLOWED;
        }
        if (_contains(rules.blockedCountries, country)) return COUNTRY_BLOCKED;
        if (rules.accreditedOnly && !accredited) return NOT_ACCREDITED;
        if (rules.minAcquisition > 0 && amount < rules.minAcquisition) return BELOW_MINIMUM;
        if (rules.maxAcquisition > 0 && amount > rules.maxAcquisition) return ABOVE_MAXIMUM;
        (uint256 held,) = IHolding(token).holdingOf(to);
        if (rules.maxBalance > 0 && held + amount > rules.maxBalance) return MAX_BALANCE;
        if (rules.maxHolders > 0 && held == 0 && holderCount[token] >= rules.maxHolders) return MAX_HOLDERS;
        if (rules.supplyCap > 0 && fromExempt && circulating[token] + amount > rules.supplyCap) return SUPPLY_CAP;
        return 0;
    }

    /// @notice Reported by a token after `amount` moved from `from` to `to` (balances already
    /// updated): holder count, tokens in investors' hands, and the receiver's lock-up.
    function transferred(address from, address to, uint256 amount) external onlyBound {
        if (!_count(msg.sender, from, to, amount)) return;
        uint64 lockup = _rules[msg.sender].lockupSeconds;
        if (lockup > 0 && !isExempt(msg.sender, to)) {
            uint64 until = uint64(block.timestamp) + lockup;
            if (until > lockedUntil[msg.sender][to]) lockedUntil[msg.sender][to] = until;
        }
    }

    /// @notice Reported by a token after it moved a lost wallet's whole holding to its replacement:
    /// counted like a transfer, but the lock-up moves with the tokens instead of starting again.
    function recovered(address lost, address replacement, uint256 amount) external onlyBound {
        _count(msg.sender, lost, replacement, amount);
        uint64 until = lockedUntil[msg.sender][lost];
        if (until > lockedUntil[msg.sender][replacement]) lockedUntil[msg.sender][replacement] = until;
        delete lockedUntil[msg.sender][lost];
    }

    /// @return moved Whether anything moved between two different accounts.
    function _count(address token, address from, address to, uint256 amount) private returns (bool moved) {
        if (amount == 0 || from == to) return false;
        bool fromExempt = isExempt(token, from);
        bool toExempt = isExempt(token, to);
        if (!fromExempt) {
            (uint256 left,) = IHolding(token).holdingOf(from);
            // Saturating: an agent account switched off while holding would otherwise brick the token.
            if (left == 0 && holderCount[token] > 0) holderCount[token] -= 1;
        }
        if (!toExempt) {
            (uint256 held,) = IHolding(token).holdingOf(to);
            if (held == amount) holderCount[token] += 1;
        }
        if (fromExempt && !toExempt) circulating[token] += amount;
        else if (!fromExempt && toExempt) circulating[token] -= _min(amount, circulating[token]);
        return true;
    }

    function _setAgentAccount(address account, bool agent) private {
        if (isAgentAccount[account] == agent) return;
        isAgentAccount[account] = agent;
        emit AgentAccountSet(account, agent);
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function _contains(bytes3[] storage list, bytes3 value) private view returns (bool) {
        for (uint256 i = 0; i < list.length; ++i) if (list[i] == value) return true;
        return false;
    }
}
