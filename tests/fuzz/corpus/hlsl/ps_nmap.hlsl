Texture2D<float4> DiffuseMap : register(t0);
Texture2D NormalMap : register(t1);
SamplerState Linear : register(s0);
cbuffer PerFrame : register(b0) { float3 LightDir; float SpecPower; float3 EyePos; };
struct PSIn { float4 pos : SV_POSITION; float2 uv : TEXCOORD0; float3 T : TEXCOORD1;
              float3 B : TEXCOORD2; float3 N : TEXCOORD3; float3 wp : TEXCOORD4; };
float4 main(PSIn i) : SV_TARGET0
{
    float3 tn = NormalMap.Sample(Linear, i.uv).xyz * 2.0 - 1.0;
    float3x3 TBN = float3x3(normalize(i.T), normalize(i.B), normalize(i.N));
    float3 n = normalize(mul(tn, TBN));
    float3 l = -normalize(LightDir);
    float diff = max(dot(n, l), 0.0);
    float3 v = normalize(EyePos - i.wp);
    float3 h = normalize(l + v);
    float spec = pow(saturate(dot(n, h)), SpecPower);
    float4 albedo = DiffuseMap.Sample(Linear, i.uv);
    return float4(albedo.rgb * diff + spec.xxx, albedo.a);
}
